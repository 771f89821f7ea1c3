import os from 'node:os';

/** Who is acting on the command line: --by, else the operator's login name; written to the audit log. */
export const operatorName = (by: string | undefined): string => by ?? process.env.USER ?? os.userInfo().username;
