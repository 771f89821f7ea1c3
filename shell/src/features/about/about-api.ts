/** Who runs the service and its newest version (the `user` service host's sys/info). */
import { serverApi } from '@rigshare/api-client';
import type { SysInfo } from '@rigshare/api-schema';

export const aboutApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    sysInfo: build.query<SysInfo, void>({ query: () => ({ host: 'user', path: 'sys/info' }) }),
  }),
});

export const { useSysInfoQuery } = aboutApi;
