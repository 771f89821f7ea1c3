/**
 * @jest-environment jsdom
 */
import { fillHomeFrame, savedHomeFrame, saveHomeFrame, type HomeFrame } from './home-frame';

/** As the page's inline script gets it: the function's source text alone, nothing around it. */
const inlined = new Function(`return ${String(fillHomeFrame)}`)() as typeof fillHomeFrame;

/** Home's frame as the build renders it: every shortcut, and the banner's place. */
function frameCopy(): HTMLElement {
  const copy = document.createElement('div');
  copy.innerHTML = `
    <section class="home-section"><div class="adm-skeleton home-banner home-banner--skeleton" data-frame-banner="true"></div></section>
    <nav class="quick-links">
      <a data-frame-link="/user/recharge">Recharge</a>
      <a data-frame-link="/index/sign">Sign in</a>
      <a data-frame-link="/user/record?type=5">Records</a>
    </nav>`;
  return copy;
}

const shortcuts = (copy: HTMLElement) => [...copy.querySelectorAll('[data-frame-link]')].map((link) => link.textContent);

it('keeps the shortcuts home showed and puts the banner it showed in the banner\'s place', () => {
  const copy = frameCopy();
  inlined(copy, { banner: { src: '/api/user/static/banner-rent.svg', alt: 'Rent a mining machine' }, links: ['/user/recharge', '/user/record?type=5'] });
  expect(shortcuts(copy)).toEqual(['Recharge', 'Records']);
  const image = copy.querySelector<HTMLImageElement>('.home-section .home-banner > img.home-banner__image')!;
  expect(image.getAttribute('src')).toBe('/api/user/static/banner-rent.svg');
  expect(image.alt).toBe('Rent a mining machine');
  expect(copy.querySelector('[data-frame-banner]')).toBeNull();
});

it('takes the banner\'s place out when home showed no banner, as home does', () => {
  const copy = frameCopy();
  inlined(copy, { banner: null, links: [] });
  expect(copy.querySelector('.home-banner')).toBeNull();
  expect(shortcuts(copy)).toEqual([]);
});

it('a banner that no longer loads leaves its place empty, not a broken image', () => {
  const copy = frameCopy();
  inlined(copy, { banner: { src: '/gone.png', alt: 'Gone' }, links: [] });
  const image = copy.querySelector<HTMLImageElement>('img.home-banner__image')!;
  image.dispatchEvent(new Event('error'));
  expect(image.style.visibility).toBe('hidden');
});

it('what home saves is what the next start reads; anything else reads as nothing saved', () => {
  const frame: HomeFrame = { banner: { src: '/a.svg', alt: 'A' }, links: ['/user/recharge'] };
  saveHomeFrame(frame);
  expect(savedHomeFrame()).toEqual(frame);
  localStorage.setItem('rigshare.homeFrame', '{not json');
  expect(savedHomeFrame()).toBeNull();
  localStorage.setItem('rigshare.homeFrame', '{"banner":null}');
  expect(savedHomeFrame()).toBeNull();
  localStorage.setItem('rigshare.homeFrame', '{"banner":"/a.svg","links":[]}');
  expect(savedHomeFrame()).toBeNull();
  localStorage.setItem('rigshare.homeFrame', '{"banner":null,"links":[]}');
  expect(savedHomeFrame()).toEqual({ banner: null, links: [] });
});
