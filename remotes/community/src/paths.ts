/** Every hash path this remote owns (DESIGN.md section 3). The shell learns them from remotes.json. */
export const OWNED_PATHS = ['/dynamic', '/user/addynamic', '/user/dyrecord'] as const;
