import { useCallback } from 'react';
import { Dialog, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AppVersion } from '@rigshare/api-schema';
import { store } from '@rigshare/session';
import { useDebouncedClick } from '@rigshare/ui';
import { headerApi } from './header-api';

function openDownload(url: string) {
  window.open(url, '_blank', 'noopener');
}

/** A compulsory update shown in this page: dialogs close on navigation, this one comes back. */
let compulsory: { update: AppVersion; t: TFunction } | null = null;

/** Shows the compulsory update again after navigation closed every dialog (app/close-dialogs-on-navigation). */
export function reopenCompulsoryUpdate(): void {
  if (compulsory) showUpdateDialog(compulsory.update, compulsory.t);
}

/** The update dialog: Confirm goes to the download; Cancel only when the update is not compulsory. */
export function showUpdateDialog(update: AppVersion, t: TFunction): void {
  if (update.compulsory) compulsory = { update, t };
  const download = { key: 'download', text: t('shell:update.download'), bold: true, onClick: () => openDownload(update.downUrl) };
  Dialog.show({
    title: t('shell:update.title', { version: update.version }),
    content: <div className="update-dialog__text">{update.extra}</div>,
    closeOnMaskClick: false,
    // A compulsory update keeps its dialog: the only way on is the download.
    closeOnAction: !update.compulsory,
    actions: update.compulsory ? [download] : [[{ key: 'later', text: t('common:actions.cancel') }, download]],
  });
}

/**
 * Asks /app/version/update (platform ANDROID, code 51). When the member asked, "Already the latest
 * version" answers a null reply; the silent check after login says nothing then.
 */
export async function checkForUpdate(t: TFunction, userInitiated: boolean): Promise<void> {
  let update: AppVersion | null;
  try {
    // The check after login stays silent: no spinner, no error toast.
    const read = headerApi.endpoints.versionUpdate.initiate({ announce: userInitiated }, { subscribe: false, forceRefetch: true });
    update = await store.dispatch(read).unwrap();
  } catch {
    return;
  }
  if (update) showUpdateDialog(update, t);
  else if (userInitiated) Toast.show({ content: t('shell:update.latest') });
}

let checkedForToken: string | null = null;

/** Once per login: the silent check the home screen runs on mount. */
export async function checkForUpdateOnce(t: TFunction, token: string | null): Promise<void> {
  if (!token || checkedForToken === token) return;
  checkedForToken = token;
  await checkForUpdate(t, false);
}

/** The "Check for updates" button (debounced 1 s). */
export function useUpdateCheck(): () => void {
  const { t } = useTranslation('shell');
  const check = useCallback(() => checkForUpdate(t, true), [t]);
  return useDebouncedClick(check);
}
