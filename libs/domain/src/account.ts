/**
 * Account shapes the API returns and the browser keeps in its session (SPEC.md section 3). One
 * definition, read by the server that builds them and the session slice that stores them.
 */

/** The login reply's data; the token itself travels in the envelope's `msg`. */
export interface LoginData {
  userId: string;
  headUrl: string | null;
  vipLevel: number;
  phone: string;
  name: string;
  shareCode: string;
  createTime: string;
  invitateCode: string;
  markHeadbgUrl: string | null;
  markText: string | null;
  timezoneType: number | null;
}

/** The /user/info reply's data. */
export interface UserInfo {
  userId: string;
  phone: string;
  name: string;
  headUrl: string | null;
  vipLevel: number;
  grade: number;
  gradeText: string;
  invitateCode: string;
  /** The inviter's invite code. */
  upInviteCode: string | null;
  shareCode: string;
  /** Direct invitees. */
  num: number;
  endTime: string | null;
  project: number;
  coupon: number;
  markHeadbgUrl: string | null;
  markText: string | null;
  timezoneType: number | null;
}
