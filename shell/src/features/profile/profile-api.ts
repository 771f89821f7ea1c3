/**
 * The member's own profile (the `user` service host): reading it, renaming, a new avatar, and
 * logging out. The session slice (libs/session) keeps what the screens show of it; these calls
 * only carry it to and from the server.
 */
import { serverApi } from '@rigshare/api-client';
import type { AvatarChanged, UserInfo } from '@rigshare/api-schema';

export const profileApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    /** The profile of the session `token` (sent as its header), so each session reads its own; null when the server has no member for it. */
    memberProfile: build.query<UserInfo | null, string>({ query: () => ({ host: 'user', path: 'user/info' }) }),
    rename: build.mutation<null, string>({
      query: (name) => ({ host: 'user', path: 'user/modify-name', method: 'POST', body: { name } }),
    }),
    changeAvatar: build.mutation<AvatarChanged, File>({
      query: (file) => {
        const form = new FormData();
        form.append('avatar', file, file.name);
        return { host: 'user', path: 'user/modify-head', method: 'POST', form };
      },
    }),
    /** Ends the session of `token` on the server. */
    logout: build.mutation<null, string>({
      query: (token) => ({ host: 'user', path: 'auth/logout', method: 'POST', body: { token } }),
    }),
  }),
});

export const { useMemberProfileQuery, useRenameMutation, useChangeAvatarMutation, useLogoutMutation } = profileApi;
