import { parseArgs, type ParseArgsConfig } from 'node:util';
import { operatorName, type Acting } from '../audit';
import type { Db } from '../db/connect';
import { OperatorError } from '../operator-error';
import { say } from './output';

/** The parsed command line of one command: its positionals and its --options (strings). */
export interface CommandInput {
  args: string[];
  options: Record<string, string | undefined>;
  /** The command's flags that were given (`--all`). */
  flags: Set<string>;
}

/** One operator command: its name, what it takes, and what it does. It prints through ./output (say`...`). */
export interface AdminCommand {
  name: string;
  /** Arguments and options after the name, e.g. `<phone> <amount> --reason "..."`. */
  usage: string;
  summary: string;
  /** How many positional arguments it takes: exactly n, or [at least, at most]. */
  args: number | readonly [number, number];
  /** Its --options; each takes a value. */
  options?: string[];
  /** Its --flags; each takes no value. */
  flags?: string[];
  /** Exit code: 0 done, 1 refused or broken. */
  run(db: Db, input: CommandInput): Promise<number>;
}

/** Who acts on the command line and when: --by (else the login name), now; what every audited service takes. */
export const operatorNow = (options: CommandInput['options']): Acting => ({ by: operatorName(options.by), at: new Date() });

export const usageLine = (c: AdminCommand) => `  admin ${c.name}${c.usage ? ` ${c.usage}` : ''}`;

/**
 * Parses a command's arguments with node:util parseArgs (strict): an unknown option, a missing value
 * or a wrong number of arguments is refused before anything runs, with the command's usage.
 * Returns null when --help was asked for.
 */
export function parseCommand(command: AdminCommand, argv: string[]): CommandInput | null {
  const options: NonNullable<ParseArgsConfig['options']> = { help: { type: 'boolean', short: 'h' } };
  for (const name of command.options ?? []) options[name] = { type: 'string' };
  for (const name of command.flags ?? []) options[name] = { type: 'boolean' };
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new OperatorError(`${(error as Error).message}\nusage:\n${usageLine(command)}`);
  }
  if (parsed.values.help) return null;
  const [min, max] = typeof command.args === 'number' ? [command.args, command.args] : command.args;
  const count = parsed.positionals.length;
  if (count < min || count > max) {
    const takes = min === max ? `${min}` : `${min} to ${max}`;
    throw new OperatorError(`${command.name} takes ${takes} argument(s), got ${count}\nusage:\n${usageLine(command)}`);
  }
  const { help: _help, ...values } = parsed.values;
  const flags = new Set((command.flags ?? []).filter((name) => values[name] === true));
  const optionValues = Object.fromEntries(Object.entries(values).filter(([name]) => !flags.has(name) && typeof values[name] === 'string'));
  return { args: parsed.positionals, options: optionValues as Record<string, string | undefined>, flags };
}

export function idArg(value: string | undefined): number {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) throw new OperatorError(`Not an id: "${value ?? ''}"`);
  return Number(value);
}

function timeOption(value: string | undefined): Date {
  if (value === undefined) return new Date();
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new OperatorError(`Not a time: "${value}" (use ISO 8601, e.g. 2025-01-31T12:00:00Z)`);
  return date;
}

/** A scheduled job run once by hand, as of now or of `--at <ISO time>`; `run` says what it did. */
export function jobCommand(name: string, summary: string, run: (db: Db, at: Date) => Promise<void>): AdminCommand {
  return {
    name,
    usage: '[--at <ISO time>]',
    summary,
    args: 0,
    options: ['at'],
    async run(db, { options }) {
      await run(db, timeOption(options.at));
      return 0;
    },
  };
}

/** A command that lists rows, one line each (`show` prints one with say`...`), and says `none`, if given, when there are none. */
export function listCommand<Row>(name: string, summary: string, list: { rows: (db: Db) => Promise<readonly Row[]>; none?: string; show: (row: Row) => void }): AdminCommand {
  return {
    name,
    usage: '',
    summary,
    args: 0,
    async run(db) {
      const rows = await list.rows(db);
      if (rows.length === 0 && list.none) say`${list.none}`;
      for (const row of rows) list.show(row);
      return 0;
    },
  };
}
