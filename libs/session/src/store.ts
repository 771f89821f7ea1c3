import { combineSlices, configureStore, createDynamicMiddleware, createListenerMiddleware } from '@reduxjs/toolkit';
import { DEFAULT_LOCALE, isLocaleTag } from '@rigshare/domain';
import { emptySession, languageChanged, loggedIn, loggedOut, sessionSlice } from './session-slice';
import { clearStoredSession, readStored, writeStored } from './storage-keys';
import { persistStaffSession, staffLoggedIn, staffLoggedOut, staffSlice } from './staff-slice';

/**
 * The one store in the page. Remotes add their own slices with `rootReducer.inject(slice)`
 * (RTK 2 `combineSlices`), so the shell never imports remote state.
 */
export const rootReducer = combineSlices(sessionSlice, staffSlice);

/** Keeps local storage in step with the session (SPEC.md: login sets the timezone, logout clears). */
const persistence = createListenerMiddleware();
persistence.startListening({
  actionCreator: loggedIn,
  effect: ({ payload }) => {
    writeStored('token', payload.token);
    writeStored('phone', payload.data.phone);
    writeStored('userId', payload.data.userId);
    writeStored('timezoneType', String(payload.data.timezoneType ?? 0));
  },
});
persistence.startListening({ actionCreator: loggedOut, effect: () => clearStoredSession() });
persistence.startListening({ actionCreator: staffLoggedIn, effect: ({ payload }) => persistStaffSession(payload) });
persistence.startListening({ actionCreator: staffLoggedOut, effect: () => persistStaffSession(null) });
persistence.startListening({
  actionCreator: languageChanged,
  effect: ({ payload }) => writeStored('language', payload),
});

function preloadedSession() {
  const stored = readStored('language');
  const session = emptySession(isLocaleTag(stored) ? stored : DEFAULT_LOCALE, readStored('token'));
  session.phone = readStored('phone') ?? '';
  session.userId = readStored('userId') ?? '';
  session.timezoneType = Number(readStored('timezoneType') ?? 0) || 0;
  return session;
}

/**
 * Middleware added after the store exists (the server-data API's, installed by the first remote
 * that uses it): `storeMiddleware.addMiddleware(m)` adds `m` once, however often it is called.
 */
export const storeMiddleware = createDynamicMiddleware();

export function createStore() {
  return configureStore({
    reducer: rootReducer,
    preloadedState: { session: preloadedSession() } as ReturnType<typeof rootReducer>,
    middleware: (getDefault) => getDefault().prepend(persistence.middleware).concat(storeMiddleware.middleware),
  });
}

export const store = createStore();
export type AppStore = typeof store;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];

export const selectSession = (state: RootState) => state.session;
export const selectIsLoggedIn = (state: RootState) => Boolean(state.session.token);
export const selectStaffSession = (state: RootState) => state.staff.session;
