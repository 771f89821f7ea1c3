/** Every hash path this remote owns (DESIGN.md section 3). The shell learns them from remotes.json. */
export const OWNED_PATHS = ['/projects', '/index/detail', '/index/incomePattern', '/user/myorder', '/user/orders', '/user/receiveincome', '/user/earn', '/index/getcoupon', '/index/setcoupon', '/index/mycoupon'] as const;
