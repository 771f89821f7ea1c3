/** Local browser storage keys (SPEC.md section 3). */
export const STORAGE_KEYS = {
  token: 'rigshare.token',
  phone: 'rigshare.phone',
  userId: 'rigshare.userId',
  language: 'rigshare.language',
  timezoneType: 'rigshare.timezoneType',
  /** What home last showed (its first banner, its shortcuts), for the next cold start's first paint. */
  homeFrame: 'rigshare.homeFrame',
} as const;

function storage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

export function readStored(key: keyof typeof STORAGE_KEYS): string | null {
  return storage()?.getItem(STORAGE_KEYS[key]) ?? null;
}

export function writeStored(key: keyof typeof STORAGE_KEYS, value: string | null): void {
  const s = storage();
  if (!s) return;
  if (value === null) s.removeItem(STORAGE_KEYS[key]);
  else s.setItem(STORAGE_KEYS[key], value);
}

/** Clears the session keys; the chosen language stays, as a member expects after logout. */
export function clearStoredSession(): void {
  for (const key of ['token', 'phone', 'userId', 'timezoneType'] as const) writeStored(key, null);
}
