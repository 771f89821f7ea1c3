/** The popup notice shows once per browser session (per notice id). */
const KEY = 'rigshare.popupShown';

export function shouldShowPopup(id: number): boolean {
  return sessionStorage.getItem(KEY) !== String(id);
}

export function markPopupShown(id: number): void {
  sessionStorage.setItem(KEY, String(id));
}
