/** axe-core's WCAG 2.1 AA checks on the page as it is, plus the contrast of text over gradients (contrast.ts). */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { gradientContrastShortfalls } from './contrast';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * What axe-core finds on the page as it is: one line per rule broken, with up to three places; then each
 * text over a gradient that axe leaves undecided and falls short of the contrast it needs.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // A toast fades in and out over the screen (a walk's form check, a tap), its text at part of its contrast
  // while it does: the screen is checked once the toast is gone, or after 5 s as it is.
  await page
    .locator('.adm-toast-mask')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined);
  const result = await new AxeBuilder({ page })
    // Still "experimental" in axe 4.13, so off by default: a control's name contains its visible text (WCAG 2.5.3).
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations', 'incomplete'] })
    .withTags(WCAG_21_AA)
    .setLegacyMode()
    .analyze();
  const overGradients = result.incomplete
    .filter((undecided) => undecided.id === 'color-contrast')
    .flatMap((undecided) => undecided.nodes)
    .filter((node) => (node.any[0]?.data as { messageKey?: string } | null)?.messageKey === 'bgGradient' && node.target.length === 1)
    .map((node) => String(node.target[0]));
  return [
    ...result.violations.map((violation) => `${violation.id} (${violation.impact}) at ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')}`),
    ...(await gradientContrastShortfalls(page, overGradients)).map((shortfall) => `color-contrast over a gradient at ${shortfall}`),
  ];
}
