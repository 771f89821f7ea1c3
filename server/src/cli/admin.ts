/**
 * Operator command line. From the repository root: `npm run admin -- <command> [arguments] [--options]`;
 * `npm run admin -- --help` lists the commands, `npm run admin -- <command> --help` shows one.
 * Commands live in one module per group (ledger, jobs, wallet, chain, exchange, team); arguments are parsed
 * strictly with node:util parseArgs, so an unknown option is refused before anything runs.
 * SQLite (DATA_DIR/rigshare.sqlite) by default, PostgreSQL when DATABASE_URL is set.
 */
import fs from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
import { loadConfig } from '../config';
import { createDb } from '../db/connect';
import { migrateToLatest } from '../db/migrations';
import { OperatorError } from '../operator-error';
import { CATALOGUE_COMMANDS } from './catalogue-commands';
import { CHAIN_COMMANDS } from './chain-commands';
import { COMMUNITY_COMMANDS } from './community-commands';
import { parseCommand, usageLine, type AdminCommand } from './command';
import { EXCHANGE_COMMANDS } from './exchange-commands';
import { JOBS_COMMANDS } from './jobs-commands';
import { LEDGER_COMMANDS } from './ledger-commands';
import { MEMBER_COMMANDS } from './member-commands';
import { SOLVENCY_COMMANDS } from './solvency-commands';
import { TEAM_COMMANDS } from './team-commands';
import { MESSAGES_COMMANDS } from './messages-commands';
import { complain, sayBlock } from './output';
import { STAFF_COMMANDS } from './staff-commands';
import { WALLET_COMMANDS } from './wallet-commands';

const GROUPS: [string, AdminCommand[]][] = [
  ['accounts (production: the first account), docs/production.md', MEMBER_COMMANDS],
  ['ledger', LEDGER_COMMANDS],
  ['jobs', JOBS_COMMANDS],
  ['withdrawals and cash deposits', WALLET_COMMANDS],
  ['USDT (BEP20) deposits, docs/chain-deposits.md', CHAIN_COMMANDS],
  ['exchange codes', EXCHANGE_COMMANDS],
  ['catalogue: products, exchange rates, coupons, recharge channels, app releases, links (docs/staff.md)', CATALOGUE_COMMANDS],
  ['community moderation, README "Community"', COMMUNITY_COMMANDS],
  ['team rewards and the rewards budget', TEAM_COMMANDS],
  ['news, notices, carousel, push messages and feedback (docs/messages.md)', MESSAGES_COMMANDS],
  ['solvency page, docs/solvency.md', SOLVENCY_COMMANDS],
  ['staff console accounts, docs/staff.md', STAFF_COMMANDS],
];
const COMMANDS = new Map(GROUPS.flatMap(([, commands]) => commands.map((c) => [c.name, c] as const)));

const USAGE = ['usage: admin <command> [arguments] [--options]   (admin <command> --help for one command)']
  .concat(GROUPS.flatMap(([title, commands]) => [`${title}:`, ...commands.map((c) => `${usageLine(c)}\n      ${c.summary}`)]))
  .join('\n');

function commandHelp(c: AdminCommand): string {
  return `usage:\n${usageLine(c)}\n${c.summary}`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h' || name === 'help') {
    sayBlock(USAGE);
    return 0;
  }
  const command = name === undefined ? undefined : COMMANDS.get(name);
  if (!command) {
    if (name !== undefined) complain`Unknown command: ${name}`;
    sayBlock(USAGE, 'stderr');
    return 2;
  }
  let input;
  try {
    input = parseCommand(command, rest);
  } catch (error) {
    if (!(error instanceof OperatorError)) throw error;
    sayBlock(error.message, 'stderr');
    return 2;
  }
  if (!input) {
    sayBlock(commandHelp(command));
    return 0;
  }

  const config = loadConfig();
  if (!config.databaseUrl) fs.mkdirSync(config.dataDir, { recursive: true });
  const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'rigshare.sqlite'), poolSize: 2 });
  try {
    await migrateToLatest(db.kysely, db.dialect);
    return await command.run(db, input);
  } catch (error) {
    if (error instanceof OperatorError) {
      sayBlock(error.message, 'stderr');
      return 1;
    }
    throw error;
  } finally {
    await db.kysely.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    sayBlock(inspect(error), 'stderr');
    process.exit(1);
  },
);
