/**
 * The real share of a product already sold, in whole percent (DESIGN.md section 1: never a fixed
 * figure). Rounded down, so 100 appears only when every unit is sold; nothing offered is 0.
 */
export function shareSoldPercent(unitsSold: number, unitsOffered: number): number {
  if (!Number.isFinite(unitsOffered) || unitsOffered <= 0) return 0;
  const sold = Number.isFinite(unitsSold) ? Math.max(0, unitsSold) : 0;
  if (sold >= unitsOffered) return 100;
  return Math.floor((sold * 100) / unitsOffered);
}
