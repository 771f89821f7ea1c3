import os from 'node:os';
import { OperatorError } from '../operator-error';

/** Who is acting on the command line: --by, else the operator's login name; written to the audit log. */
export const operatorName = (by: string | undefined): string => by ?? process.env.USER ?? os.userInfo().username;

/** The actor a staff action writes to the audit log: required, at most 100 characters (the column). */
export function staffName(by: string | undefined): string {
  const name = (by ?? '').trim();
  if (!name || name.length > 100) throw new OperatorError('Say who acts (--by <name>, at most 100 characters)');
  return name;
}

/** The reason a staff action states: required, at most 500 characters (the audit column). */
export function staffReason(reason: string | undefined): string {
  const text = (reason ?? '').trim();
  if (!text) throw new OperatorError('A reason is required: --reason "..."');
  if (text.length > 500) throw new OperatorError('The reason is limited to 500 characters');
  return text;
}
