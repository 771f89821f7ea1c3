/** `/user/pdf?orderId=N`: a positive whole number, else null. */
export function orderIdOf(param: string | null): number | null {
  return param !== null && /^[1-9][0-9]{0,9}$/.test(param) ? Number(param) : null;
}
