import { Toast } from 'antd-mobile';
import type { ApiNotifier } from '@rigshare/api-client';

/**
 * How the API client's spinner and errors reach the member. antd-mobile has one toast slot, so a
 * message (such as "Your session has expired") keeps it for its whole duration: a call that starts
 * meanwhile shows no spinner over it, and one that finishes does not clear it.
 */
export function toastNotifier(now: () => number = Date.now): ApiNotifier {
  let spinnerShowing = false;
  let messageUntil = 0;
  return {
    showLoading() {
      if (now() < messageUntil) return;
      spinnerShowing = true;
      Toast.show({ icon: 'loading', duration: 0, maskClickable: false });
    },
    hideLoading() {
      if (!spinnerShowing) return;
      spinnerShowing = false;
      Toast.clear();
    },
    showError(message, durationMs) {
      spinnerShowing = false;
      messageUntil = now() + durationMs;
      Toast.show({ content: message, duration: durationMs });
    },
  };
}
