/** Every hash path this remote owns (DESIGN.md section 3). The shell learns them from remotes.json. */
export const OWNED_PATHS = ['/index/friend', '/index/friendmore', '/index/sharedetails', '/index/invitation', '/index/lowerincome', '/index/joinGroup', '/index/shareLink', '/index/sign', '/user/signbonus', '/user/reward'] as const;
