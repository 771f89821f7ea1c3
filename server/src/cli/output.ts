/**
 * How the operator command line prints, and the only module of it that does (server/eslint.config.mjs
 * refuses `console` and `process.stdout` / `process.stderr` in the others).
 *
 * A command prints with a tagged template, `say\`#${f.id} ${f.phone}: ${f.content}\``: the template's own
 * text is the program's and prints as written; every value put into it (a member's feedback, a post, a
 * name, a bank holder, a reference, anything read from the database or typed by someone) has its control
 * characters written out (`showControlCharacters` of libs/domain: `\x1b`, `\n`, `\u202e`). So what members
 * wrote cannot clear the operator's terminal, colour or move what follows, or start a line of its own
 * that reads like the program's (a forged "#999 ..." row): one value stays inside its one line.
 */
import { showControlCharacters } from '@rigshare/domain';

function line(strings: TemplateStringsArray, values: unknown[]): string {
  let text = strings[0];
  values.forEach((value, i) => {
    text += showControlCharacters(String(value)) + strings[i + 1];
  });
  return text;
}

/** One line on standard output (more only where the template itself breaks it). */
export function say(strings: TemplateStringsArray, ...values: unknown[]): void {
  console.log(line(strings, values));
}

/** One line on standard error. */
export function complain(strings: TemplateStringsArray, ...values: unknown[]): void {
  console.error(line(strings, values));
}

/**
 * A block of text made elsewhere whose line breaks are meant (the usage, an error's message and
 * stack): its lines kept, every other control character written out.
 */
export function sayBlock(text: string, to: 'stdout' | 'stderr' = 'stdout'): void {
  const shown = text.split('\n').map(showControlCharacters).join('\n');
  if (to === 'stdout') console.log(shown);
  else console.error(shown);
}
