import { Toast } from 'antd-mobile';
import type { ApiNotifier } from '@rigshare/api-client';

/**
 * How the API client's spinner and errors reach the member. antd-mobile has one toast slot, so
 * the spinner may clear it only while it still holds the spinner: otherwise a message (such as
 * "Your session has expired") would vanish the moment another call in flight finished.
 */
export function toastNotifier(): ApiNotifier {
  let spinnerShowing = false;
  return {
    showLoading() {
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
      Toast.show({ content: message, duration: durationMs });
    },
  };
}
