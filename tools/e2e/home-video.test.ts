/**
 * Issue 54 §6, home videos: content staff publish a home video and a carousel video from the console;
 * the member's home shows their poster frames and titles, fits a 390 px phone (English and Tamil), and
 * on mobile data (navigator.connection emulated as cellular) nothing plays by itself. Unpublished, the
 * videos' section is gone. Real API, the built shell, console and home screens.
 */
import type { Page } from 'playwright-core';
import { field, phonePage, PHONE } from './browser';
import { misfits } from './fit';
import { DEMO, loginThroughScreen, staffPage } from './session';
import { useStack } from './use-stack';

const { stack, browser } = useStack();

/** Makes the page's `navigator.connection` say `type`, before any of the app's code runs. */
function connectionScript(type: string): { content: string } {
  return {
    content: `Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ type: ${JSON.stringify(type)}, effectiveType: '4g', saveData: false, addEventListener() {}, removeEventListener() {} }) });`,
  };
}

async function memberHome(type: string): Promise<Page> {
  const page = await phonePage(browser);
  await page.context().addInitScript(connectionScript(type));
  await loginThroughScreen(page, stack.shellUrl, DEMO.phone, DEMO.password);
  await page.goto(`${stack.shellUrl}#/index`);
  await page.getByTestId('home-screen').waitFor();
  return page;
}

const videoState = (page: Page, testId: string) =>
  page.getByTestId(testId).first().evaluate((el) => {
    const video = el as HTMLVideoElement;
    return { autoplay: video.autoplay, paused: video.paused, preload: video.preload, playsInline: video.playsInline, controls: video.controls, poster: video.poster };
  });

it('staff publish home videos from the console; members see their poster frames and, on mobile data, nothing plays by itself', async () => {
  const poster = '/api/user/static/banner-rent.svg';
  const staff = await staffPage(browser, stack, 'video.editor', 'content');
  await staff.goto(`${stack.shellUrl}#/console/content?tab=videos`);
  const publish = async (placement: string, title: string) => {
    await staff.getByText(placement, { exact: true }).first().click();
    await field(staff, 'video-title').fill(title);
    await field(staff, 'video-url').fill('https://media.example.com/tours/site.mp4');
    await field(staff, 'video-poster').fill(poster);
    await staff.getByTestId('video-publish').click();
    await staff.getByTestId('videos-row').filter({ hasText: title }).waitFor();
  };
  await publish('Home video', 'A day at the Oman site');
  await publish('Video carousel', 'How a payout is made');

  const cellular = await memberHome('cellular');
  await cellular.getByTestId('home-video').waitFor();
  await cellular.getByTestId('home-videos').getByText('A day at the Oman site').waitFor();
  await cellular.getByTestId('video-carousel').getByText('How a payout is made').waitFor();
  const home = await videoState(cellular, 'home-video');
  expect(home).toEqual({ autoplay: false, paused: true, preload: 'none', playsInline: true, controls: true, poster: `${stack.apiOrigin}${poster}` });
  expect(await videoState(cellular, 'carousel-video')).toMatchObject({ autoplay: false, paused: true, preload: 'none' });
  // The poster frame is a picture the page may load (its Content-Security-Policy lets it through).
  expect(await cellular.evaluate(async (url) => (await fetch(url)).status, home.poster)).toBe(200);

  for (const locale of ['en-US', 'ta-IN']) {
    await cellular.evaluate((tag) => localStorage.setItem('rigshare.language', tag), locale);
    await cellular.reload();
    await cellular.getByTestId('home-video').scrollIntoViewIfNeeded();
    expect({ locale, misfits: await cellular.evaluate(misfits, PHONE.viewport.width) }).toEqual({ locale, misfits: [] });
  }
  await cellular.evaluate(() => localStorage.setItem('rigshare.language', 'en-US'));

  // On Wi-Fi the home video starts by itself, muted; carousel videos never do.
  const wifi = await memberHome('wifi');
  await wifi.getByTestId('home-video').waitFor();
  expect((await videoState(wifi, 'home-video')).autoplay).toBe(true);
  expect(await wifi.getByTestId('home-video').evaluate((el) => (el as HTMLVideoElement).muted)).toBe(true);
  expect((await videoState(wifi, 'carousel-video')).autoplay).toBe(false);
  await wifi.context().close();

  for (const title of ['A day at the Oman site', 'How a payout is made']) {
    const row = staff.getByTestId('videos-row').filter({ hasText: title });
    await row.getByTestId('videos-unpublish').click();
    await row.getByText('Unpublished').waitFor();
  }
  await cellular.reload();
  await cellular.getByTestId('home-screen').waitFor();
  await cellular.waitForLoadState('networkidle');
  expect(await cellular.getByTestId('home-videos').count()).toBe(0);
}, 240_000);
