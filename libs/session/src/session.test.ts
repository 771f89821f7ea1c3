/** @jest-environment jsdom */
import { createStore } from './store';
import { languageChanged, loggedIn, loggedOut, type LoginData } from './session-slice';
import { STORAGE_KEYS } from './storage-keys';

const login: LoginData = {
  userId: '7',
  headUrl: null,
  phone: '9876543210',
  name: 'Asha',
  shareCode: 'SH7',
  createTime: '2026-11-21T00:00:00Z',
  invitateCode: 'INV7',
  markHeadbgUrl: null,
  markText: null,
  timezoneType: null,
};

beforeEach(() => localStorage.clear());

it('login sets the session and the stored token, phone, user id and timezone (0 when null)', () => {
  const store = createStore();
  store.dispatch(loggedIn({ token: 'tok', data: login }));
  const s = store.getState().session;
  expect(s).toMatchObject({ token: 'tok', name: 'Asha', inviteCode: 'INV7', timezoneType: 0, version: '0.5.1' });
  expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
  expect(localStorage.getItem(STORAGE_KEYS.timezoneType)).toBe('0');
});

it('logout clears every session field and the stored token but keeps the language', () => {
  const store = createStore();
  store.dispatch(languageChanged('hi-IN'));
  store.dispatch(loggedIn({ token: 'tok', data: login }));
  store.dispatch(loggedOut());
  const s = store.getState().session;
  expect(s.token).toBeNull();
  expect(s.name).toBe('');
  expect(s.languageType).toBe('hi-IN');
  expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('hi-IN');
});

it('a new store starts from what local storage holds', () => {
  localStorage.setItem(STORAGE_KEYS.token, 'kept');
  localStorage.setItem(STORAGE_KEYS.language, 'de-DE');
  const s = createStore().getState().session;
  expect(s.token).toBe('kept');
  expect(s.languageType).toBe('de-DE');
});
