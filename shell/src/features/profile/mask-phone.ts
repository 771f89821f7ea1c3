/** Shows a phone number with its middle hidden: 9000000001 -> 900****001. */
export function maskPhone(phone: string): string {
  const digits = phone.trim();
  if (digits.length <= 6) return digits;
  const keep = digits.length >= 10 ? 3 : 2;
  return `${digits.slice(0, keep)}${'*'.repeat(Math.max(digits.length - keep * 2, 4))}${digits.slice(-keep)}`;
}
