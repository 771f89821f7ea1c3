/** Reply shapes the browser reads; they mirror LoginData and UserInfo in libs/session/src/session-slice.ts. */

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

export interface UserInfo {
  userId: string;
  phone: string;
  name: string;
  headUrl: string | null;
  vipLevel: number;
  grade: number;
  gradeText: string;
  invitateCode: string;
  upInviteCode: string | null;
  shareCode: string;
  num: number;
  endTime: string | null;
  project: number;
  coupon: number;
  markHeadbgUrl: string | null;
  markText: string | null;
  timezoneType: number | null;
}
