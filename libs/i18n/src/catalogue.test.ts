/**
 * Every string a user sees exists in all ten languages: one check over every namespace in the
 * repository (common, shell, each remote, the server's messages), so a key added in English
 * without its translations fails the build.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LOCALE_TAGS } from '@rigshare/domain';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** Words that are the same in every language: brand, units (with the SI symbols of time: d, h, min), networks. */
const SAME_EVERYWHERE = ['Rigshare', 'USDT', 'BEP20', 'BNB', 'USD', 'IFSC', 'VIP', 'ID', 'OK', 'PDF', 'APK', 'Android', 'URL', 'SMS', 'd', 'h', 'min'];

/** Words a language really writes as English does; each entry is a checked, deliberate choice. */
const COGNATES: Record<string, string[]> = {
  'it-IT': ['Password', 'Budget', 'No', 'Video'],
  'es-ES': ['No'],
  'fr-FR': ['Messages', 'Version', 'Recharges', 'Actions', 'Action', 'Images', 'Image', 'Pages', 'Budget', 'Badge', 'Position', 'Catalogue', 'Coupons', 'Minimum'],
  'de-DE': ['Team', 'Name', 'Version', 'Budget', 'Code', 'Block', 'Position', 'Links', 'Bank', 'Wallet', 'Videos', 'Video'],
  'tr-TR': ['Transfer', 'Platform', 'Video'],
};

interface Catalogue {
  name: string;
  file: (tag: string) => string;
}

function catalogues(): Catalogue[] {
  const found: Catalogue[] = [
    { name: 'common', file: (tag) => path.join(ROOT, 'libs/i18n/locales', tag, 'common.json') },
    { name: 'shell', file: (tag) => path.join(ROOT, 'shell/locales', tag, 'shell.json') },
  ];
  for (const remote of fs.readdirSync(path.join(ROOT, 'remotes'))) {
    found.push({ name: remote, file: (tag) => path.join(ROOT, 'remotes', remote, 'locales', tag, `${remote}.json`) });
  }
  const serverMessages = path.join(ROOT, 'server/src/i18n/messages');
  if (fs.existsSync(serverMessages)) found.push({ name: 'server', file: (tag) => path.join(serverMessages, `${tag}.json`) });
  return found;
}

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  if (typeof value !== 'object' || value === null) throw new Error(`${prefix}: not a string or object`);
  return Object.entries(value).reduce<Record<string, string>>(
    (all, [key, inner]) => Object.assign(all, flatten(inner, prefix ? `${prefix}.${key}` : key)),
    {},
  );
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

/** What is left of a string once placeholders, shared words, digits and punctuation are removed. */
function translatablePart(text: string, tag: string): string {
  let rest = text.replace(/{{\s*\w+\s*}}/g, ' ');
  for (const word of [...SAME_EVERYWHERE, ...(COGNATES[tag] ?? [])]) rest = rest.replace(new RegExp(`\\b${word}\\b`, 'g'), ' ');
  return rest.replace(/[^\p{L}]+/gu, '');
}

describe.each(catalogues())('the $name translations', ({ file }) => {
  const english = flatten(JSON.parse(fs.readFileSync(file('en-US'), 'utf8')));
  const others = LOCALE_TAGS.filter((tag) => tag !== 'en-US');

  it('have English strings, none empty', () => {
    expect(Object.keys(english).length).toBeGreaterThan(0);
    expect(Object.entries(english).filter(([, text]) => !text.trim())).toEqual([]);
  });

  it.each(others)('exist in %s with the same keys and placeholders', (tag) => {
    expect(fs.existsSync(file(tag))).toBe(true);
    const translated = flatten(JSON.parse(fs.readFileSync(file(tag), 'utf8')));
    expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
    const placeholderMismatches = Object.keys(english).filter(
      (key) => placeholders(english[key]).join() !== placeholders(translated[key] ?? '').join(),
    );
    expect(placeholderMismatches).toEqual([]);
  });

  it.each(others)('are really translated into %s (no English left)', (tag) => {
    const translated = flatten(JSON.parse(fs.readFileSync(file(tag), 'utf8')));
    const untranslated = Object.keys(english).filter(
      (key) => translatablePart(english[key], tag) !== '' && translated[key]?.trim() === english[key].trim(),
    );
    expect(untranslated).toEqual([]);
  });
});

it('German gives the fund password one name everywhere: Zahlungspasswort', () => {
  const misnamed = catalogues().flatMap(({ name, file }) => {
    const english = flatten(JSON.parse(fs.readFileSync(file('en-US'), 'utf8')));
    const german = flatten(JSON.parse(fs.readFileSync(file('de-DE'), 'utf8')));
    return Object.keys(english)
      .filter((key) => /fund password/i.test(english[key]) && !/Zahlungspassw(o|ö)rt/.test(german[key] ?? ''))
      .map((key) => `${name}: ${key} = ${german[key]}`);
  });
  expect(misnamed).toEqual([]);
});
