/** Every hash path this remote owns (DESIGN.md section 3). The shell learns them from remotes.json. */
export const OWNED_PATHS = ['/message', '/news', '/info/detail', '/user/msg', '/user/news', '/user/feedback', '/index/alert'] as const;
