import { readStored, writeStored } from '@rigshare/session';

/**
 * A member with a session opening home gets home's frame painted from index.html before any
 * JavaScript (src/first-paint/): the header, the shortcuts and the tab bar in their language, and in
 * the banner's place the first banner home showed last time, so the largest thing on the screen
 * does not wait for the app's scripts. What home showed is kept here; banners and shortcuts are the
 * same for every member, so nothing personal is stored. Without it (home never opened on this
 * device) the page paints no frame and starts as before.
 */
export interface HomeFrame {
  banner: { src: string; alt: string } | null;
  /** The shortcuts home showed (their paths). */
  links: string[];
}

export function saveHomeFrame(frame: HomeFrame): void {
  try {
    writeStored('homeFrame', JSON.stringify(frame));
  } catch {
    // Storage full or refused: the next start paints no frame, nothing else changes.
  }
}

export function savedHomeFrame(): HomeFrame | null {
  try {
    const frame = JSON.parse(readStored('homeFrame') ?? 'null') as HomeFrame | null;
    const banner = frame?.banner;
    const bannerRead = banner === null || (typeof banner?.src === 'string' && typeof banner.alt === 'string');
    return frame && Array.isArray(frame.links) && bannerRead ? frame : null;
  } catch {
    return null;
  }
}

/**
 * Runs in the page's inline script, before the first paint, on the copy of home's frame: keeps the
 * shortcuts home showed and puts the saved banner in the banner's place (or takes the place out, as
 * home does when there is no banner). It is inlined as source text, so it uses nothing from outside.
 */
export function fillHomeFrame(copy: ParentNode, frame: HomeFrame): void {
  copy.querySelectorAll('[data-frame-link]').forEach((link) => {
    if (frame.links.indexOf(link.getAttribute('data-frame-link') ?? '') < 0) link.remove();
  });
  const slot = copy.querySelector('[data-frame-banner]');
  if (!slot) return;
  if (!frame.banner) {
    slot.remove();
    return;
  }
  const box = document.createElement('div');
  box.className = 'home-banner';
  const image = document.createElement('img');
  image.className = 'home-banner__image';
  image.alt = frame.banner.alt;
  image.setAttribute('fetchpriority', 'high');
  // A banner taken down since leaves its place empty rather than a broken image.
  image.addEventListener('error', () => {
    image.style.visibility = 'hidden';
  });
  image.src = frame.banner.src;
  box.appendChild(image);
  slot.replaceWith(box);
}
