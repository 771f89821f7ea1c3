/**
 * What does not fit on the current screen of a `width` px phone: the page itself when wider (a
 * mobile browser then zooms out, so `innerWidth` grows with the page and the phone's width is the
 * measure), each element whose box cuts its text off (overflow hidden or clip, including text that
 * ends in an ellipsis: a label must be readable whole), and text sticking out of its box. Runs in the
 * page (`page.evaluate(misfits, width)`); the members' layout walk and the staff console's share it.
 */
export function misfits(width: number): string[] {
  const found: string[] = [];
  const pageWidth = Math.max(document.documentElement.scrollWidth, window.innerWidth);
  if (pageWidth > width) found.push(`page ${pageWidth}px wide`);
  const describe = (el: Element) => {
    const testId = el.closest('[data-testid]')?.getAttribute('data-testid');
    const name = el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : el.tagName.toLowerCase();
    return `${name}${testId ? ` in [data-testid=${testId}]` : ''} "${el.textContent!.trim().slice(0, 30)}"`;
  };
  for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
    const ownText = Array.from(el.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
    if (!ownText || el.getClientRects().length === 0) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'inline') continue;
    // Off-screen by design: swiper slides, the notice bar's marquee.
    if (el.closest('.adm-swiper, .adm-notice-bar')) continue;
    const wide = el.scrollWidth - el.clientWidth;
    const tall = el.scrollHeight - el.clientHeight;
    if (['hidden', 'clip'].includes(style.overflowX) && wide > 1) found.push(`${describe(el)} cut off: ${el.clientWidth}px of ${el.scrollWidth}px`);
    else if (['hidden', 'clip'].includes(style.overflowY) && tall > 1) found.push(`${describe(el)} cut off: ${el.clientHeight}px high of ${el.scrollHeight}px`);
    else if (style.overflowX === 'visible' && wide > 1) found.push(`${describe(el)} sticks out of its box by ${wide}px`);
  }
  return found;
}
