/** `location.hash` values that open home (a visitor without a session is sent on to login). */
export const HOME_HASHES = ['', '#', '#/', '#/index'];
