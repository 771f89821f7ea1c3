/**
 * Logging in, registering and passwords (the `user` service host's auth/ routes). Every write
 * announces itself (the page's spinner; a refusal toasts the server's message), as the member
 * pressed a button; the forms' own states come from the mutations' `isLoading`.
 */
import { serverApi } from '@rigshare/api-client';
import type { Captcha, Country, LoginData } from '@rigshare/api-schema';

/** A phone as the forms send it: the number as typed and the country picked beside it. */
export interface PhoneNumber {
  phone: string;
  country?: string;
}

export interface CodeRequest extends PhoneNumber {
  captchaId: string;
  captchaCode: string;
}

export interface LoginInput extends PhoneNumber {
  password: string;
}

export interface RegisterInput extends PhoneNumber {
  password: string;
  confirmPassword: string;
  inviteCode: string;
  smsCode: string;
}

export interface ResetPasswordInput extends PhoneNumber {
  smsCode: string;
  password: string;
  confirmPassword: string;
}

export interface ChangePasswordInput {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

/** A login: the session token (the envelope's `msg`) and the member it belongs to. */
export interface Login {
  token: string;
  data: LoginData;
}

export const authApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<Login, LoginInput>({
      query: (input) => ({ host: 'user', path: 'auth/token/pass', method: 'POST', body: { ...input } }),
      transformResponse: (data: LoginData, meta) => ({ token: meta?.msg ?? '', data }),
    }),
    /** An image code is good for one guess: each screen showing one reads a new one, and none is kept. */
    captcha: build.query<Captcha, void>({
      query: () => ({ host: 'user', path: 'auth/captcha' }),
      keepUnusedDataFor: 0,
    }),
    countries: build.query<Country[], void>({ query: () => ({ host: 'user', path: 'auth/countrys' }) }),
    sendRegisterCode: build.mutation<null, CodeRequest>({
      query: (input) => ({ host: 'user', path: 'auth/code/reg', method: 'POST', body: { ...input } }),
    }),
    sendResetCode: build.mutation<null, CodeRequest>({
      query: (input) => ({ host: 'user', path: 'auth/code/resetpass', method: 'POST', body: { ...input } }),
    }),
    register: build.mutation<null, RegisterInput>({
      query: (input) => ({ host: 'user', path: 'auth/register', method: 'POST', body: { ...input } }),
    }),
    resetPassword: build.mutation<null, ResetPasswordInput>({
      query: (input) => ({ host: 'user', path: 'auth/reset-password', method: 'POST', body: { ...input } }),
    }),
    changeLoginPassword: build.mutation<null, ChangePasswordInput>({
      query: (input) => ({ host: 'user', path: 'auth/update-password', method: 'POST', body: { ...input } }),
    }),
  }),
});

export const {
  useLoginMutation,
  useCaptchaQuery,
  useCountriesQuery,
  useSendRegisterCodeMutation,
  useSendResetCodeMutation,
  useRegisterMutation,
  useResetPasswordMutation,
  useChangeLoginPasswordMutation,
} = authApi;
