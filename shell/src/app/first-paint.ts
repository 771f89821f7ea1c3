import { useLayoutEffect } from 'react';

/**
 * A production index.html carries the login screen as static markup in each language, and shows
 * it before any JavaScript has arrived (tools/rsbuild/first-paint.ts, src/first-paint/). The shell
 * renders into #root, hidden while that copy is in the page; the first screen or notice it commits
 * takes the copy out in the same task, so the page never shows both, nor neither.
 */
export const FIRST_PAINT_ID = 'first-paint';

export function firstPaintShown(): boolean {
  return document.getElementById(FIRST_PAINT_ID) !== null;
}

export function useFirstPaintHandoff() {
  useLayoutEffect(() => document.getElementById(FIRST_PAINT_ID)?.remove(), []);
}

export function FirstPaintHandoff() {
  useFirstPaintHandoff();
  return null;
}
