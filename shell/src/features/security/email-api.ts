/**
 * The member's email address (the `user` service host): what is bound, a code sent to an address,
 * and binding the address with that code. Binding marks `Bindings` stale, so every screen showing
 * the address reloads it. The screens show a refusal themselves (`announce: false`), under the
 * field it names (`showRefusalOnForm` of @rigshare/ui).
 */
import { serverApi, type ServerError } from '@rigshare/api-client';
import type { EmailBinding } from '@rigshare/api-schema';

export interface BindEmailInput {
  email: string;
  code: string;
}

export const emailApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    /** The bound address in lower case, or null. */
    memberEmail: build.query<string | null, void>({
      query: () => ({ host: 'user', path: 'user/email' }),
      transformResponse: (data: EmailBinding) => data.email,
      providesTags: ['Bindings'],
    }),
    sendEmailCode: build.mutation<null, string>({
      query: (email) => ({ host: 'user', path: 'user/email/code', method: 'POST', body: { email }, announce: false }),
    }),
    bindEmail: build.mutation<EmailBinding, BindEmailInput>({
      query: ({ email, code }) => ({ host: 'user', path: 'user/email/bind', method: 'POST', body: { email, code }, announce: false }),
      // A refusal (a wrong code) changed nothing; a success or an unknown fate (timeout, 5xx) may have.
      invalidatesTags: (_result, error?: ServerError) => (error && error.code >= 400 && error.code < 500 ? [] : ['Bindings']),
    }),
  }),
});

/** Another device may bind an address: screens showing it ask the server again when they open. */
export const FRESH = { refetchOnMountOrArgChange: true } as const;

export const { useMemberEmailQuery, useSendEmailCodeMutation, useBindEmailMutation } = emailApi;
