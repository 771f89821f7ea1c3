/** Business constants from SPEC.md section 9 that both browser and server read. */
export const APP_VERSION = '0.5.1';
export const APP_VERSION_CODE = 51;
export const PLATFORM_ANDROID = 'ANDROID';

export const REQUEST_TIMEOUT_MS = 36_000;
export const LOGOUT_DELAY_MS = 1_000;
export const ERROR_TOAST_MS = 3_000;
export const NO_SERVICE_TOAST_MS = 4_000;
export const CLICK_DEBOUNCE_MS = 1_000;
export const RELOAD_DELAY_MS = 1_000;
export const COMMENT_PAGE_SIZE = 5;
export const DEFAULT_PAGE_SIZE = 10;

/** Avatars and community images. */
export const IMAGE_UPLOAD_LIMIT_BYTES = 2 * 1024 * 1024;
