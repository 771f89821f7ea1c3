/**
 * A staff or operator action refused for a reason the operator can fix (bad amount, no reason given):
 * the command line prints its message, the /admin routes answer 400 with it. Its own module, below
 * the audit and the ledger, so both may throw it without importing each other.
 */
export class OperatorError extends Error {}
