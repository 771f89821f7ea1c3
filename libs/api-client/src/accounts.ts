/**
 * Typed calls of the `user` service host that remotes still make as promises (the shell's are RTK
 * Query endpoints in its features).
 */
import type { Page } from '@rigshare/domain';
import { get, type RequestOptions } from './client';

export interface Captcha {
  captchaId: string;
  /** SVG markup of the image code. */
  svg: string;
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
  serviceLink: (options?: RequestOptions) => get<{ appUrl: string | null }>('user', 'appUrl/info', options),
  inviteMessage: (options?: RequestOptions) => get<InviteMessage>('user', 'queryInviteMsg', options),
};

export type { Page };
