import { loadConfig } from '../config';
import { createStaff, revokeStaffSessions } from '../features/staff';
import { operatorNow, type AdminCommand } from './command';
import { say } from './output';

/**
 * Staff accounts of the console (docs/staff.md). The password comes from STAFF_PASSWORD, never from the
 * command line (shell history, ps); the printed otpauth URI goes into the staff member's authenticator app
 * (the console shows it as a QR code at the first login until one code confirms it).
 */
export const STAFF_COMMANDS: AdminCommand[] = [
  {
    name: 'staff:create',
    usage: '<login> --role support|finance|content|admin [--by <name>]   (password in STAFF_PASSWORD)',
    summary: 'Creates a staff account of the console and prints its TOTP enrolment URI',
    args: 1,
    options: ['role', 'by'],
    async run(db, { args, options }) {
      const config = loadConfig();
      const r = await createStaff(db.kysely, {
        login: args[0],
        role: options.role ?? '',
        password: process.env.STAFF_PASSWORD ?? '',
        totpKey: config.staff.totpKey,
        ...operatorNow(options),
      });
      say`staff account ${r.id} created (${options.role}); enrol the authenticator app with:\n${r.otpauthUri}`;
      return 0;
    },
  },
  {
    name: 'staff:revoke',
    usage: '<login> [--by <name>]',
    summary: "Ends every console session of a staff login at once",
    args: 1,
    options: ['by'],
    async run(db, { args, options }) {
      const n = await revokeStaffSessions(db.kysely, { login: args[0], ...operatorNow(options) });
      say`${n} session(s) of ${args[0]} revoked`;
      return 0;
    },
  },
];
