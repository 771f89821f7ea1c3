import { nationalNumber } from './phone';

/**
 * Account shapes the API returns and the browser keeps in its session (SPEC.md section 3). One
 * definition, read by the server that builds them and the session slice that stores them.
 */

/**
 * A phone number with its middle hidden, the one way the app shows a number: a member's own on Mine,
 * the default display name, team lists, reward records and the lease agreement. The national number
 * is masked ("+919876543221" -> "987****21"); at least half of it stays hidden: "1234567" -> "12****7",
 * "12345" -> "1****".
 */
export function maskPhone(phone: string): string {
  const digits = nationalNumber(phone);
  const [head, tail] = digits.length >= 9 ? [3, 2] : digits.length >= 6 ? [2, 1] : [1, 0];
  return `${digits.slice(0, head)}****${digits.slice(digits.length - tail)}`;
}

/** The login reply's data; the token itself travels in the envelope's `msg`. */
export interface LoginData {
  userId: string;
  headUrl: string | null;
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
  grade: number;
  gradeText: string;
  invitateCode: string;
  /** The inviter's invite code. */
  upInviteCode: string | null;
  shareCode: string;
  /** Direct invitees. */
  num: number;
  markHeadbgUrl: string | null;
  markText: string | null;
  timezoneType: number | null;
}
