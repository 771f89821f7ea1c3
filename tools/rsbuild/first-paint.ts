/**
 * Paints the landing screen from index.html, before any JavaScript: after a production build of
 * the shell, a module of the shell (built here for Node) renders the screen in every language, and
 * index.html gets one `<template>` per language, an inline script that shows the right one for a
 * visitor who will land on that screen (and then loads the app's scripts), and links to the
 * stylesheets it needs. The shell takes the
 * copy out when its own screen mounts (shell/src/app/first-paint.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRsbuild, type RsbuildConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { compressedCopies } from './compress';

export interface FirstPaintOptions {
  /** The shell module to render (see FirstPaintModule), relative to the shell's folder. */
  entry: string;
  /** Chunks named with `webpackChunkName` whose stylesheets the screen needs for its first paint. */
  styleChunks: string[];
  /** The app's aliases, so the screen is rendered from the modules the browser gets. */
  resolve: RsbuildConfig['resolve'];
}

/** What the entry module exports. */
interface FirstPaintModule {
  render(language: string): Promise<string>;
  choice: {
    /** The id the shown copy gets; the shell takes that element out when its own screen mounts. */
    id: string;
    languages: string[];
    defaultLanguage: string;
    /** Local storage keys: the chosen language, and the session token (a member who has one lands elsewhere). */
    languageKey: string;
    tokenKey: string;
    /** `location.hash` values on which a visitor without a session lands on this screen. */
    hashes: string[];
  };
}

async function buildForNode(cwd: string, options: FirstPaintOptions, outDir: string): Promise<FirstPaintModule> {
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
  const loaded = (await import(pathToFileURL(path.join(outDir, entry)).href)) as FirstPaintModule & { default?: FirstPaintModule };
  return typeof loaded.render === 'function' ? loaded : loaded.default!;
}

/**
 * Runs before the first paint: shows the copy in the visitor's language, or none, then loads the
 * app's scripts (taken out of the head). With a copy shown they start after its first frame: on a
 * fast or cached connection deferred scripts would otherwise arrive during parsing and run (some
 * 300 ms on a mid-range phone) before the browser paints anything. A hidden tab paints no frames,
 * so there, and without a copy, they load at once, in order.
 */
function startScript(choice: FirstPaintModule['choice'], scripts: string[]): string {
  return `(function(){var c=${JSON.stringify(choice)},shown=false;
try{var s=localStorage;
if(!s.getItem(c.tokenKey)&&c.hashes.indexOf(location.hash)>=0){
var l=s.getItem(c.languageKey);if(c.languages.indexOf(l)<0)l=c.defaultLanguage;
var t=document.getElementById(c.id+'-'+l),r=document.getElementById('root'),d=document.createElement('div');
d.id=c.id;d.setAttribute('inert','');d.appendChild(t.content.cloneNode(true));
r.parentNode.insertBefore(d,r);document.documentElement.lang=l;shown=true;}}catch(e){}
function load(){${JSON.stringify(scripts)}.forEach(function(src){var e=document.createElement('script');e.src=src;e.async=false;document.head.appendChild(e);});}
if(shown&&!document.hidden)requestAnimationFrame(function(){setTimeout(load,0);});else load();})();`;
}

/** Test ids belong to the live screen only: a browser test must never find the static copy. */
const withoutTestIds = (markup: string) => markup.replace(/ data-testid="[^"]*"/g, '');

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
          const screen = await buildForNode(api.context.rootPath, options, outDir);
          const copies = await Promise.all(
            screen.choice.languages.map(async (language) => `<template id="${screen.choice.id}-${language}">${withoutTestIds(await screen.render(language))}</template>`),
          );
          const htmlFile = path.join(api.context.distPath, 'index.html');
          const html = fs.readFileSync(htmlFile, 'utf8');
          if (!html.includes('<div id="root"></div>')) throw new Error('first paint: index.html has no empty #root');
          const scriptTag = /<script defer src="([^"]+)"><\/script>/g;
          const scripts = [...html.matchAll(scriptTag)].map((match) => match[1]);
          if (scripts.length === 0) throw new Error('first paint: index.html loads no deferred script');
          const links = styles.map((name) => `<link href="${prefix}${name}" rel="stylesheet">`).join('');
          // While the copy is in the page the shell renders into a hidden #root, so the two never show together.
          const hideRoot = `<style>#${screen.choice.id}+#root{display:none}</style>`;
          const page = html
            .replace(scriptTag, '')
            .replace('</head>', `${links}${hideRoot}</head>`)
            .replace('<div id="root"></div>', `${copies.join('')}<div id="root"></div><script>${startScript(screen.choice, scripts)}</script>`);
          fs.writeFileSync(htmlFile, page);
          const { br, gz } = compressedCopies(Buffer.from(page));
          fs.writeFileSync(`${htmlFile}.br`, br);
          fs.writeFileSync(`${htmlFile}.gz`, gz);
        } finally {
          fs.rmSync(outDir, { recursive: true, force: true });
        }
      });
    },
  };
}
