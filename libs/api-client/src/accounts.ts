/**
 * Typed calls for accounts and system information (the `user` service host). Feature remotes keep
 * their own calls in their folders; these are here because the shell and several remotes use them.
 */
import { APP_VERSION_CODE, PLATFORM_ANDROID, type Page } from '@rigshare/domain';
import type { LoginData, UserInfo } from '@rigshare/session';
import { get, post, postMultipart, type RequestOptions } from './client';

export interface Captcha {
  captchaId: string;
  /** SVG markup of the image code. */
  svg: string;
}

export interface Country {
  /** The dial code, "+91". */
  code: string;
  /** ISO code, what the forms send as `country`. */
  region: string;
  name: string;
}

/** A phone as the forms send it: the number as typed and the country picked beside it. */
export interface PhoneNumber {
  phone: string;
  country?: string;
}

export interface VersionUpdate {
  version: string;
  downUrl: string;
  extra: string;
  compulsory: boolean;
}

export interface CarouselItem {
  id: number;
  title: string;
  imageUrl: string;
  link: string;
}

export interface PopupNotice {
  id: number;
  title: string;
  content: string;
}

export interface SysInfo {
  operatorName: string;
  about: string;
  version: string;
  versionCode: number;
}

export interface LinkItem {
  name: string;
  url: string;
}

export interface ShareInfo {
  shareUrl: string;
  inviteCode: string;
}

/** The member's code and link with the invite message to share: staff's text (or the app's) in their language, filled in. */
export interface InviteMessage extends ShareInfo {
  message: string;
}

export const accountsApi = {
  /** The token comes back in `msg`. */
  login: (number: PhoneNumber, password: string, options?: RequestOptions) =>
    post<LoginData>('user', 'auth/token/pass', { ...number, password }, options),
  captcha: () => get<Captcha>('user', 'auth/captcha', { silent: true }),
  countries: () => get<Country[]>('user', 'auth/countrys', { silent: true }),
  sendRegisterCode: (number: PhoneNumber, captchaId: string, captchaCode: string) =>
    post<null>('user', 'auth/code/reg', { ...number, captchaId, captchaCode }),
  sendResetCode: (number: PhoneNumber, captchaId: string, captchaCode: string) =>
    post<null>('user', 'auth/code/resetpass', { ...number, captchaId, captchaCode }),
  register: (input: PhoneNumber & { password: string; confirmPassword: string; inviteCode: string; smsCode: string }) =>
    post<null>('user', 'auth/register', { ...input }),
  resetPassword: (input: PhoneNumber & { smsCode: string; password: string; confirmPassword: string }) =>
    post<null>('user', 'auth/reset-password', { ...input }),
  updatePassword: (input: { oldPassword: string; password: string; confirmPassword: string }) =>
    post<null>('user', 'auth/update-password', input),
  logout: (token: string) => post<null>('user', 'auth/logout', { token }),
  isValidAccount: (number: PhoneNumber) => post<{ registered: boolean }>('user', 'user/isValidAccount', { ...number }, { silent: true }),
  /** `data` is null when the server has no user for the token; callers raise "userInfo null". */
  userInfo: (options?: RequestOptions) => get<UserInfo | null>('user', 'user/info', options),
  modifyName: (name: string) => post<null>('user', 'user/modify-name', { name }),
  modifyHead: (avatar: Blob, filename: string) => {
    const form = new FormData();
    form.append('avatar', avatar, filename);
    return postMultipart<{ headUrl: string }>('user', 'user/modify-head', form);
  },
  serviceLink: (options?: RequestOptions) => get<{ appUrl: string | null }>('user', 'appUrl/info', options),
  versionUpdate: (options?: RequestOptions) =>
    get<VersionUpdate | null>('user', 'app/version/update', {
      ...options,
      params: { platform: PLATFORM_ANDROID, code: APP_VERSION_CODE },
    }),
  shareInfo: (options?: RequestOptions) => post<ShareInfo>('user', 'share/info', {}, options),
  inviteMessage: (options?: RequestOptions) => get<InviteMessage>('user', 'queryInviteMsg', options),
  sysInfo: () => get<SysInfo>('user', 'sys/info', { silent: true }),
  carousel: () => get<CarouselItem[]>('user', 'sys/carousel', { silent: true }),
  /** The newest pop-up notice this member has not been shown (the server keeps track, per member). */
  popupNotice: () => get<PopupNotice | null>('user', 'sys/popup-notice', { silent: true }),
  /** Tells the server the member was shown pop-up notice `id`, so it is not offered again. */
  popupSeen: (id: number) => post<null>('user', 'sys/popup-notice/seen', { id }, { silent: true, quiet: true }),
  scrollNotice: () => get<string[]>('user', 'sys/scroll-notice', { silent: true }),
  links: () => get<LinkItem[]>('user', 'link/get', { silent: true }),
};

export type { Page };
