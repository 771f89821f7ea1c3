import type { LocaleTag } from '@rigshare/domain';
import fs from 'node:fs';

/**
 * The Noto fonts the agreement PDF embeds, from the @fontsource packages. Fontsource splits each family
 * into subsets by Unicode range (its unicode.json), so a document registers every subset its language
 * needs and writes each stretch of text in the subset that covers it.
 */

const FAMILY: Record<LocaleTag, { family: string; script: string | null }> = {
  'en-US': { family: 'noto-sans', script: null },
  'es-ES': { family: 'noto-sans', script: null },
  'fr-FR': { family: 'noto-sans', script: null },
  'de-DE': { family: 'noto-sans', script: null },
  'it-IT': { family: 'noto-sans', script: null },
  'tr-TR': { family: 'noto-sans', script: null },
  'hi-IN': { family: 'noto-sans-devanagari', script: 'devanagari' },
  'ta-IN': { family: 'noto-sans-tamil', script: 'tamil' },
  'te-IN': { family: 'noto-sans-telugu', script: 'telugu' },
  'kn-IN': { family: 'noto-sans-kannada', script: 'kannada' },
};

export type Weight = 400 | 700;

export interface FontFace {
  /** The name the document registers it under. */
  name: string;
  data: Buffer;
  /** Inclusive code point ranges the subset covers. */
  ranges: [number, number][];
}

function parseRanges(text: string): [number, number][] {
  return text.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    const start = parseInt(from, 16);
    return [start, to === undefined ? start : parseInt(to, 16)];
  });
}

const cache = new Map<string, FontFace[]>();

/** The language's subsets in the order to try them: its own script first, then Latin, then Latin Extended. */
export function fontFaces(locale: LocaleTag, weight: Weight): FontFace[] {
  const { family, script } = FAMILY[locale];
  const cacheKey = `${family}:${weight}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const unicode = JSON.parse(fs.readFileSync(require.resolve(`@fontsource/${family}/unicode.json`), 'utf8')) as Record<string, string>;
  const subsets = [...(script ? [script] : []), 'latin', 'latin-ext'];
  const faces = subsets.map((subset) => ({
    name: `${family}-${subset}-${weight}`,
    data: fs.readFileSync(require.resolve(`@fontsource/${family}/files/${family}-${subset}-${weight}-normal.woff`)),
    ranges: parseRanges(unicode[subset]),
  }));
  cache.set(cacheKey, faces);
  return faces;
}

const covers = (face: FontFace, codePoint: number) => face.ranges.some(([from, to]) => codePoint >= from && codePoint <= to);

/** Characters every subset draws; they stay in the run they are in, so words keep their shaping context. */
const NEUTRAL = /[\s\u200c\u200d]/u;

/**
 * Splits text into runs, each written in one face: a character stays in the current run when that face
 * covers it (or it is a space or joiner), else it starts a run in the first face that covers it
 * (the first face when none does).
 */
export function fontRuns(text: string, faces: FontFace[]): { face: FontFace; text: string }[] {
  const runs: { face: FontFace; text: string }[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const current = runs[runs.length - 1];
    if (current && (NEUTRAL.test(char) || covers(current.face, codePoint))) {
      current.text += char;
      continue;
    }
    const face = faces.find((f) => covers(f, codePoint)) ?? faces[0];
    if (current && current.face === face) current.text += char;
    else runs.push({ face, text: char });
  }
  return runs;
}
