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
