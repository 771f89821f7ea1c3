import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * A staff member's console session, apart from any member session in the same browser. It lives in
 * sessionStorage (this tab only, gone when the tab closes); the server ends it after 30 idle minutes.
 */
export interface StaffSessionState {
  token: string;
  login: string;
  role: string;
}

const KEY = 'rigshare.staffSession';

function stored(): StaffSessionState | null {
  if (typeof sessionStorage === 'undefined') return null;
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as StaffSessionState | null;
    return value && typeof value.token === 'string' && value.token ? value : null;
  } catch {
    return null;
  }
}

export const staffSlice = createSlice({
  name: 'staff',
  initialState: () => ({ session: stored() }),
  reducers: {
    staffLoggedIn(state, action: PayloadAction<StaffSessionState>) {
      state.session = action.payload;
    },
    staffLoggedOut(state) {
      state.session = null;
    },
  },
});

export const { staffLoggedIn, staffLoggedOut } = staffSlice.actions;

/** Keeps sessionStorage in step with the staff session (called by the store's listener). */
export function persistStaffSession(session: StaffSessionState | null): void {
  if (typeof sessionStorage === 'undefined') return;
  if (session) sessionStorage.setItem(KEY, JSON.stringify(session));
  else sessionStorage.removeItem(KEY);
}
