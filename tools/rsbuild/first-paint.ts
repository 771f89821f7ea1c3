/**
 * Paints a landing screen from index.html, before any JavaScript: after a production build of the
 * shell, a module of the shell (built here for Node) renders its landing screens in every language,
 * and index.html gets each screen in each language as the text of a `<script type="text/html">` in its
 * head, an inline script that parses and shows the right one for a visitor who will land on that screen
 * (and then loads the app's scripts), and links to the stylesheets they need. As script text the parser
 * only scans the copies, where as `<template>`s it built all twenty (docs/performance.md, "Long tasks of
 * a first load"). The shell takes the copy out when its own screen mounts
 * (shell/src/app/first-paint.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRsbuild, type RsbuildConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { optimize } from 'svgo';
import { compressedCopies } from './compress';

export interface FirstPaintOptions {
  /** The shell module to render (it exports `page`, a FirstPaintPage), relative to the shell's folder. */
  entry: string;
  /** Chunks named with `webpackChunkName` whose stylesheets the screen needs for its first paint. */
  styleChunks: string[];
  /** The app's aliases, so the screen is rendered from the modules the browser gets. */
  resolve: RsbuildConfig['resolve'];
}

/** One screen the page may paint first. */
interface FirstPaintScreen {
  /** Part of its templates' ids: `<id>-<name>-<language>`. */
  name: string;
  render(language: string): Promise<string>;
  /** Shown to a visitor with a session token (true) or without one (false)... */
  signedIn: boolean;
  /** ...who opens one of these `location.hash` values. */
  hashes: string[];
  /**
   * What the screen needs from local storage (JSON under `key`): without it the screen is not
   * painted; with it, `fill` completes the copy before it is shown. `fill` is inlined into the page
   * as source text, so it must use nothing from outside itself.
   */
  saved?: { key: string; fill(copy: ParentNode, saved: never): void };
}

/** What the entry module exports as `page`. */
interface FirstPaintPage {
  /** The id the shown copy gets; the shell takes that element out when its own screen mounts. */
  id: string;
  languages: string[];
  defaultLanguage: string;
  /** Local storage keys: the chosen language, and the session token. */
  languageKey: string;
  tokenKey: string;
  /** Tried in order; the first that matches the visitor is shown. */
  screens: FirstPaintScreen[];
}

async function buildForNode(cwd: string, options: FirstPaintOptions, outDir: string): Promise<FirstPaintPage> {
  const rsbuild = await createRsbuild({
    cwd,
    config: {
      plugins: [pluginReact()],
      source: { entry: { index: options.entry }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } },
      resolve: options.resolve,
      output: { target: 'node', distPath: { root: outDir }, cleanDistPath: true, minify: false, filenameHash: false, sourceMap: false },
      performance: { printFileSize: false },
      logLevel: 'warn',
    },
  });
  await rsbuild.build();
  const entry = fs.readdirSync(outDir).find((name) => /^index\.(c|m)?js$/.test(name));
  if (!entry) throw new Error(`first paint: no index.js in ${outDir}`);
  const loaded = (await import(pathToFileURL(path.join(outDir, entry)).href)) as { page?: FirstPaintPage; default?: { page: FirstPaintPage } };
  const page = loaded.page ?? loaded.default?.page;
  if (!page) throw new Error(`first paint: ${options.entry} exports no page`);
  return page;
}

/**
 * Runs before the first paint: shows the first screen that matches the visitor (session or not, the
 * address, what it needs from local storage), in the visitor's language, or none, then loads the
 * app's scripts (taken out of the head). With a copy shown they start once the browser reports the
 * copy painted (a `paint` performance entry, which comes when the frame is on the screen): on a fast
 * or cached connection deferred scripts would otherwise arrive during parsing and run (some 300 ms on
 * a mid-range phone) before the browser paints anything, and even scripts started from the frame's
 * own callbacks can download, and the shared libraries' bundle be evaluated, before the frame is
 * shown. Browsers without paint entries start them after the first frame; a second later they start
 * whatever happened. A hidden tab paints no frames, so there, and without a copy, they load at once,
 * in order.
 */
function startScript(page: FirstPaintPage, scripts: string[]): string {
  const choice = {
    ...page,
    screens: page.screens.map(({ name, signedIn, hashes, saved }) => ({ name, signedIn, hashes, savedKey: saved?.key })),
  };
  const fills = `[${page.screens.map((screen) => (screen.saved ? String(screen.saved.fill) : 'null')).join(',')}]`;
  return `(function(){var c=${JSON.stringify(choice)},f=${fills},shown=false;
try{var s=localStorage,signedIn=!!s.getItem(c.tokenKey),l=s.getItem(c.languageKey);
if(c.languages.indexOf(l)<0)l=c.defaultLanguage;
for(var i=0;i<c.screens.length&&!shown;i++){var k=c.screens[i],saved=null;
if(k.signedIn!==signedIn||k.hashes.indexOf(location.hash)<0)continue;
if(k.savedKey){saved=JSON.parse(s.getItem(k.savedKey));if(!saved)continue;}
var t=document.getElementById(c.id+'-'+k.name+'-'+l),r=document.getElementById('root'),d=document.createElement('div');
d.id=c.id;d.setAttribute('inert','');d.innerHTML=t.textContent;
if(saved)f[i](d,saved);
r.parentNode.insertBefore(d,r);document.documentElement.lang=l;shown=true;}}catch(e){}
var loaded=false;
function load(){if(loaded)return;loaded=true;${JSON.stringify(scripts)}.forEach(function(src){var e=document.createElement('script');e.src=src;e.async=false;document.head.appendChild(e);});}
if(!shown||document.hidden)return load();
var P=window.PerformanceObserver;
if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0)new P(function(l,o){o.disconnect();setTimeout(load,0);}).observe({type:'paint',buffered:true});
else requestAnimationFrame(function(){setTimeout(load,0);});
setTimeout(load,1000);})();`;
}

const FIRST_PAINT_ICON = 'first-paint-icon-';

/** An icon's drawing, smaller: paths to one decimal (antd-mobile's icons draw in a 48-unit box, so far below a pixel). */
function smallerDrawing(viewBox: string, body: string): string {
  const svg = optimize(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}">${body}</svg>`, { multipass: true, floatPrecision: 1 }).data;
  return /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(svg)?.[1] ?? body;
}

/**
 * The icons (inline SVG) of every copy, once each: each `<svg>` keeps its own attributes and points
 * with `<use>` to a `<symbol>` in one hidden sprite, its drawing made smaller by svgo. Ten languages
 * of a screen with a dozen icons would otherwise carry the same paths ten times (some 38 KB a copy
 * for home's frame); the sprite is 2 KB brotli.
 */
function sharedIcons(copies: string[]): { sprite: string; copies: string[] } {
  /** By viewBox and drawing: the symbol each distinct icon becomes. */
  const symbols = new Map<string, { id: string; viewBox: string; body: string }>();
  const svg = /<svg([^>]*)>([\s\S]*?)<\/svg>/g;
  const shared = copies.map((copy) =>
    copy.replace(svg, (whole: string, attributes: string, body: string) => {
      // The page's stylesheets do not reach into a <use>'s copy: a drawing styled by class (a spinner) stays inline.
      if (body.includes(' class="')) return whole;
      const viewBox = /viewBox="([^"]*)"/.exec(attributes)?.[1] ?? '';
      const key = `${viewBox}|${body}`;
      if (!symbols.has(key)) symbols.set(key, { id: `${FIRST_PAINT_ICON}${symbols.size}`, viewBox, body });
      return `<svg${attributes}><use href="#${symbols.get(key)!.id}"></use></svg>`;
    }),
  );
  const sprite = [...symbols.values()].map(({ id, viewBox, body }) => `<symbol id="${id}" viewBox="${viewBox}">${smallerDrawing(viewBox, body)}</symbol>`);
  // Not display:none: some engines draw nothing from a <use> of a symbol inside an undisplayed <svg>.
  const hidden = 'position:absolute;width:0;height:0;overflow:hidden';
  return { sprite: sprite.length ? `<svg aria-hidden="true" style="${hidden}">${sprite.join('')}</svg>` : '', copies: shared };
}

/** Test ids belong to the live screen only: a browser test must never find the static copy. */
const withoutTestIds = (markup: string) => markup.replace(/ data-testid="[^"]*"/g, '');

/**
 * A copy as the text of a script the browser does not run. Such text ends at the first `</script`, and a
 * `<!--` followed by `<script` changes where it ends, so markup holding either is refused.
 */
function asScriptText(id: string, markup: string): string {
  if (/<\/?script|<!--/i.test(markup)) throw new Error(`first paint: ${id} holds a script tag or a comment, which would end its script text early`);
  return `<script type="text/html" id="${id}">${markup}</script>`;
}

export function firstPaintPlugin(options: FirstPaintOptions): RsbuildPlugin {
  return {
    name: 'rigshare:first-paint',
    setup(api) {
      api.onAfterBuild(async ({ stats, isFirstCompile }) => {
        if (!isFirstCompile || !stats) return;
        const json = stats.toJson({ all: false, chunkGroups: true, publicPath: true });
        // One environment here, but Rsbuild may still hand over the multi-compiler's stats.
        const { namedChunkGroups = {}, publicPath = '/' } = json.children?.[0] ?? json;
        const prefix = publicPath === 'auto' ? '' : publicPath;
        const styles = options.styleChunks.flatMap((chunk) => {
          const group = namedChunkGroups[chunk];
          if (!group) throw new Error(`first paint: no chunk named "${chunk}" (webpackChunkName)`);
          return (group.assets ?? []).map((asset) => asset.name).filter((name) => name.endsWith('.css'));
        });

        const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rigshare-first-paint-'));
        try {
          const page = await buildForNode(api.context.rootPath, options, outDir);
          const rendered = await Promise.all(
            page.screens.flatMap((screen) =>
              page.languages.map(async (language) => ({ id: `${page.id}-${screen.name}-${language}`, markup: withoutTestIds(await screen.render(language)) })),
            ),
          );
          const icons = sharedIcons(rendered.map((copy) => copy.markup));
          const copies = rendered.map((copy, i) => asScriptText(copy.id, icons.copies[i]));
          const htmlFile = path.join(api.context.distPath, 'index.html');
          const html = fs.readFileSync(htmlFile, 'utf8');
          if (!html.includes('<div id="root"></div>')) throw new Error('first paint: index.html has no empty #root');
          const scriptTag = /<script defer src="([^"]+)"><\/script>/g;
          const scripts = [...html.matchAll(scriptTag)].map((match) => match[1]);
          if (scripts.length === 0) throw new Error('first paint: index.html loads no deferred script');
          const links = styles.map((name) => `<link href="${prefix}${name}" rel="stylesheet">`).join('');
          // While the copy is in the page the shell renders into a hidden #root, so the two never show together.
          const hideRoot = `<style>#${page.id}+#root{display:none}</style>`;
          const indexHtml = html
            .replace(scriptTag, '')
            // The copies in the head: in the body their text would be part of the page's text content.
            .replace('</head>', `${links}${hideRoot}${copies.join('')}</head>`)
            .replace('<div id="root"></div>', `${icons.sprite}<div id="root"></div><script>${startScript(page, scripts)}</script>`);
          fs.writeFileSync(htmlFile, indexHtml);
          const { br, gz } = compressedCopies(Buffer.from(indexHtml));
          fs.writeFileSync(`${htmlFile}.br`, br);
          fs.writeFileSync(`${htmlFile}.gz`, gz);
        } finally {
          fs.rmSync(outDir, { recursive: true, force: true });
        }
      });
    },
  };
}
