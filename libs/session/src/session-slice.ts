import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { APP_VERSION, APP_VERSION_CODE, DEFAULT_LOCALE, type LoginData, type UserInfo } from '@rigshare/domain';

export type { LoginData, UserInfo } from '@rigshare/domain';

/**
 * The session fields of SPEC.md section 3, less vipLevel, endTime, project and coupon: nothing produced
 * them (docs/decisions.md).
 */
export interface SessionState {
  token: string | null;
  languageType: string;
  avatar: string;
  inviteCode: string;
  upInviteCode: string;
  phone: string;
  name: string;
  version: string;
  versionCode: number;
  grade: number;
  gradeText: string;
  shareCode: string;
  num: number;
  userId: string;
  markHeadbgUrl: string;
  markText: string;
  timezoneType: number;
}

export function emptySession(languageType: string = DEFAULT_LOCALE, token: string | null = null): SessionState {
  return {
    token,
    languageType,
    avatar: '',
    inviteCode: '',
    upInviteCode: '',
    phone: '',
    name: '',
    version: APP_VERSION,
    versionCode: APP_VERSION_CODE,
    grade: 0,
    gradeText: '',
    shareCode: '',
    num: 0,
    userId: '',
    markHeadbgUrl: '',
    markText: '',
    timezoneType: 0,
  };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: emptySession(),
  reducers: {
    loggedIn(state, action: PayloadAction<{ token: string; data: LoginData }>) {
      const { token, data } = action.payload;
      state.token = token;
      state.userId = data.userId;
      state.avatar = data.headUrl ?? '';
      state.phone = data.phone;
      state.name = data.name;
      state.shareCode = data.shareCode;
      state.inviteCode = data.invitateCode;
      state.markHeadbgUrl = data.markHeadbgUrl ?? '';
      state.markText = data.markText ?? '';
      state.timezoneType = data.timezoneType ?? 0;
    },
    userInfoLoaded(state, action: PayloadAction<UserInfo>) {
      const u = action.payload;
      Object.assign(state, {
        userId: u.userId,
        phone: u.phone,
        name: u.name,
        avatar: u.headUrl ?? '',
        grade: u.grade,
        gradeText: u.gradeText,
        inviteCode: u.invitateCode,
        upInviteCode: u.upInviteCode ?? '',
        shareCode: u.shareCode,
        num: u.num,
        markHeadbgUrl: u.markHeadbgUrl ?? '',
        markText: u.markText ?? '',
        timezoneType: u.timezoneType ?? 0,
      });
    },
    nameChanged(state, action: PayloadAction<string>) {
      state.name = action.payload;
    },
    avatarChanged(state, action: PayloadAction<string>) {
      state.avatar = action.payload;
    },
    languageChanged(state, action: PayloadAction<string>) {
      state.languageType = action.payload;
    },
    /** Clears every field but the language. */
    loggedOut(state) {
      return emptySession(state.languageType);
    },
  },
});

export const { loggedIn, userInfoLoaded, nameChanged, avatarChanged, languageChanged, loggedOut } = sessionSlice.actions;
