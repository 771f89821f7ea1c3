/** What `navigator.connection` (the Network Information API) tells, where the browser has it. */
export interface ConnectionInfo {
  /** 'wifi', 'ethernet', 'cellular', 'bluetooth', 'wimax', 'other', 'none' or 'unknown'; absent in most desktop browsers. */
  type?: string;
  /** The member asked their browser or phone to save data. */
  saveData?: boolean;
}

/** Connections that are known not to be metered mobile data. */
const UNMETERED = new Set(['wifi', 'ethernet']);

/**
 * Whether home's video may start by itself (muted): only when the browser says the connection is Wi-Fi
 * or wired and the member does not save data. Cellular, tethered ('bluetooth'), unknown or no API at all
 * (Safari, Firefox, most desktops): never, so a member's data plan is never spent on a video they did
 * not start.
 */
export function mayAutoplay(connection: ConnectionInfo | null | undefined): boolean {
  if (!connection || connection.saveData === true) return false;
  return typeof connection.type === 'string' && UNMETERED.has(connection.type);
}

/** The page's connection, as far as the browser tells. */
export function currentConnection(): ConnectionInfo | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: ConnectionInfo }).connection;
}
