import type { Page } from 'playwright-core';
import { PHONE } from './browser';
import { submitUnsent, type InFlight } from './walk';

/**
 * What does not fit on the current screen of a `width` px phone: the page itself when wider (a
 * mobile browser then zooms out, so `innerWidth` grows with the page and the phone's width is the
 * measure), each element whose box cuts its text off (overflow hidden or clip, including text that
 * ends in an ellipsis: a label must be readable whole), text sticking out of its box, text that a box
 * around it cuts off (a flex item as wide as its longest word inside a column that hides its
 * overflow: the element itself overflows nothing), and an empty input's placeholder wider than the
 * input (a hint cut off mid-word), and a file field the browser draws itself ("Choose File / No file
 * chosen": words in the browser's language, not the screen's), and a tab of a bar of at most three
 * tabs out of view (such bars wrap long titles, styles.css; longer bars scroll). Runs in the page (`page.evaluate(misfits, width)`);
 * the members' layout walk and the staff console's share it.
 */
export function misfits(width: number): string[] {
  const found: string[] = [];
  const pageWidth = Math.max(document.documentElement.scrollWidth, window.innerWidth);
  if (pageWidth > width) found.push(`page ${pageWidth}px wide`);
  const clips = (overflow: string) => overflow === 'hidden' || overflow === 'clip';
  const name = (el: Element) =>
    el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : el.tagName.toLowerCase();
  const describe = (el: Element) => {
    const testId = el.closest('[data-testid]')?.getAttribute('data-testid');
    const text = el.textContent!.trim();
    return `${name(el)}${testId ? ` in [data-testid=${testId}]` : ''}${text ? ` "${text.slice(0, 30)}"` : ''}`;
  };
  for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
    const ownText = Array.from(el.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
    if (!ownText || el.getClientRects().length === 0) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'inline') continue;
    // Off-screen by design: swiper slides, the scrolling notice bar's marquee (a wrapping one must fit).
    if (el.closest('.adm-swiper, .adm-notice-bar:not(.adm-notice-bar-wrap)')) continue;
    const wide = el.scrollWidth - el.clientWidth;
    const tall = el.scrollHeight - el.clientHeight;
    if (clips(style.overflowX) && wide > 1) found.push(`${describe(el)} cut off: ${el.clientWidth}px of ${el.scrollWidth}px`);
    else if (clips(style.overflowY) && tall > 1) found.push(`${describe(el)} cut off: ${el.clientHeight}px high of ${el.scrollHeight}px`);
    else if (style.overflowX === 'visible' && wide > 1) found.push(`${describe(el)} sticks out of its box by ${wide}px`);
    else {
      const cut = cutByAncestor(el);
      if (cut) found.push(`${describe(el)} cut off by ${cut}`);
    }
  }
  const textMeasure = document.createElement('canvas').getContext('2d')!;
  for (const input of Array.from(document.body.querySelectorAll<HTMLInputElement>('input[placeholder]'))) {
    if (input.value !== '' || input.placeholder === '' || input.getClientRects().length === 0) continue;
    const style = getComputedStyle(input);
    const needed = placeholderWidth(input.placeholder, style);
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    if (needed > room + 1) found.push(`${describe(input)} placeholder "${input.placeholder.slice(0, 30)}" cut off: ${Math.round(room)}px of ${Math.round(needed)}px`);
  }
  for (const list of Array.from(document.body.querySelectorAll<HTMLElement>('.adm-tabs-tab-list'))) {
    const tabs = Array.from(list.querySelectorAll<HTMLElement>(':scope > .adm-tabs-tab-wrapper .adm-tabs-tab'));
    if (tabs.length > 3 || list.getClientRects().length === 0) continue;
    const bar = list.getBoundingClientRect();
    for (const tab of tabs) {
      const box = tab.getBoundingClientRect();
      if (box.left < bar.left - 1 || box.right > bar.right + 1) found.push(`${describe(tab)}: tab out of view in a bar of ${tabs.length}`);
    }
  }
  for (const input of Array.from(document.body.querySelectorAll<HTMLInputElement>('input[type=file]'))) {
    const style = getComputedStyle(input);
    // The UI kit's image uploader lays a transparent one over its own tile: not seen.
    const seen = input.getClientRects().length > 0 && style.visibility !== 'hidden' && style.opacity !== '0';
    if (seen) found.push(`${describe(input)}: the browser's own file field shows`);
  }
  return found;

  /** An input's placeholder is no text node; it is measured in the input's own font. */
  function placeholderWidth(placeholder: string, style: CSSStyleDeclaration): number {
    textMeasure.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return textMeasure.measureText(placeholder).width;
  }

  /** The box around `el` that hides part of its text sideways, measured on the text's own glyphs. */
  function cutByAncestor(el: HTMLElement): string | null {
    const text = document.createRange();
    text.selectNodeContents(el);
    const { left, right } = text.getBoundingClientRect();
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      if (!clips(getComputedStyle(box).overflowX)) continue;
      const edges = box.getBoundingClientRect();
      const hidden = Math.max(edges.left - left, right - edges.right);
      if (hidden > 1) return `${name(box)} (${Math.round(hidden)}px hidden)`;
    }
    return null;
  }
}

/**
 * Words the layout split across two lines in the elements `selector` matches ("Mem / ber", "600.0 / 0
 * INR", a Tamil label wider than its column): a box narrower than its longest word. A machine string
 * (a hash, a link, an address) is set to break anywhere (`word-break: break-all`) on purpose and is
 * not counted. Runs in the page (`page.evaluate(wordsSplitAcrossLines, selector)`).
 */
export function wordsSplitAcrossLines(selector: string): string[] {
  const split: string[] = [];
  for (const box of Array.from(document.querySelectorAll(selector))) {
    const texts = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      if (!node.parentElement || getComputedStyle(node.parentElement).wordBreak === 'break-all') continue;
      // A line may break after a hyphen, a slash or a colon ("layout-/admin", a path): the parts between them are the words.
      for (const word of node.textContent!.matchAll(/[^\s\-/:]+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
        if (lines.size > 1) split.push(word[0]);
      }
    }
  }
  return split;
}

/**
 * What does not fit on the screen `page` shows, as it opened and then, where it has a form, with the
 * errors under its fields showing (the form sent as it opened; nothing reaches the server): the
 * misfits above and every word split across lines.
 */
export async function screenMisfits(page: Page, inFlight: InFlight): Promise<string[]> {
  const onScreen = async () => [
    ...(await page.evaluate(misfits, PHONE.viewport.width)),
    ...(await page.evaluate(wordsSplitAcrossLines, 'body')).map((word) => `"${word}" split across lines`),
  ];
  const found = await onScreen();
  if (await submitUnsent(page, inFlight)) {
    for (const misfit of await onScreen()) found.push(`with its form sent as it opened: ${misfit}`);
  }
  return found;
}
