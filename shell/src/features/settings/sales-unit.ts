/**
 * The sales unit prices are shown in (SPEC.md: system settings, the sales unit "dollar"). USD is
 * the only unit the platform prices in today; the choice is kept so a second unit slots in here.
 */
export const SALES_UNITS = [{ code: 'USD', symbol: '$' }] as const;
export type SalesUnit = (typeof SALES_UNITS)[number]['code'];

const KEY = 'rigshare.salesUnit';

export function readSalesUnit(): SalesUnit {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY);
  return SALES_UNITS.find((u) => u.code === stored)?.code ?? SALES_UNITS[0].code;
}

export function writeSalesUnit(unit: SalesUnit): void {
  localStorage.setItem(KEY, unit);
}
