/**
 * Assertions on what a member sees, for unit tests (no @testing-library/jest-dom here). Finding an
 * element proves only that it exists; these also check that nothing hides it and tie a value to the
 * label it is shown under, so a figure in the wrong row fails.
 */
import { screen } from '@testing-library/react';

/** Whether nothing hides `element`: no `hidden`, `aria-hidden`, `display: none` or `visibility: hidden` on it or a parent. */
export function isShown(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (node instanceof HTMLElement && node.hidden) return false;
    if (node.getAttribute('aria-hidden') === 'true') return false;
    const style = getComputedStyle(node);
    if (style.display === 'none' || style.visibility === 'hidden') return false;
  }
  return true;
}

const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The text of `element` as the member reads it, or '' when it is hidden. */
export function shownText(element: Element): string {
  return isShown(element) ? clean(element.textContent) : '';
}

/**
 * The value shown beside a label: the `dd` of a `dt`, or the extra of an antd-mobile list item.
 * Throws when the label is not on screen or has no value beside it.
 */
export function shownBeside(label: string, container: HTMLElement = document.body): string {
  const labels = screen.getAllByText(label, { selector: 'dt, .adm-list-item-content-main, .adm-list-item-content-main *' });
  const found = labels.find((element) => container.contains(element));
  if (!found) throw new Error(`No label "${label}" in the container`);
  if (found.tagName === 'DT') {
    const value = found.nextElementSibling;
    if (value?.tagName !== 'DD') throw new Error(`Label "${label}" has no value beside it`);
    return isShown(found) ? shownText(value) : '';
  }
  const row = found.closest('.adm-list-item');
  const value = row?.querySelector('.adm-list-item-content-extra');
  if (!row || !value) throw new Error(`Label "${label}" has no value beside it`);
  return isShown(row) ? shownText(value) : '';
}
