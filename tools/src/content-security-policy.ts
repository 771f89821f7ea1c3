/**
 * The Content-Security-Policy of the app's pages: the shell's index.html (members' screens and the
 * staff console, one page) and each remote's own page. Written at deployment, with remotes.json and
 * config.json, from what is deployed: the shell's built page (the hashes of its inline script and
 * styles, fixed by its build) and where remotes.json and config.json say the remotes and the API are.
 * `npm start` and the browser tests send it from the static servers (static-server.ts), the fleet from
 * nginx (fleet.ts); docs/production.md says how to send it from another server.
 *
 * No 'unsafe-inline' and no 'unsafe-eval': a script runs only when it is one of the shell's or a
 * deployed remote's files, or the page's own first-paint script (by its hash), so markup that gets into
 * a page some other way cannot run script.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { RuntimeConfig } from '@rigshare/contract';
import type { ListedRemote } from './runtime-documents';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** An attribute's value as the browser reads it (the entities a build writes into one). */
const attributeValue = (raw: string) =>
  raw
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * The hash sources of a built page's inline code: each `<script>` it runs without `src` and each `<style>`
 * element (their text exactly as written), and each distinct `style` attribute (the first-paint copies
 * and their icon sprite carry a few; CSP 3 lets them through by hash with 'unsafe-hashes').
 */
export function inlineHashes(html: string): { scripts: string[]; styles: string[]; styleAttributes: string[] } {
  // Not the first-paint copies (`type="text/html"`): data the browser never runs.
  const scripts = [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)]
    .filter((m) => !/\s(src\s*=|type="text\/html")/i.test(m[1] ?? ''))
    .map((m) => hash(m[2]));
  const styles = [...html.matchAll(/<style(\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map((m) => hash(m[2]));
  const styleAttributes = [...html.matchAll(/\sstyle="([^"]*)"/gi)].map((m) => hash(attributeValue(m[1])));
  const unique = (list: string[]) => [...new Set(list)];
  return { scripts: unique(scripts), styles: unique(styles), styleAttributes: unique(styleAttributes) };
}

/** 'self' for a path on the page's own origin, else the URL's origin. */
function sourceOf(url: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? new URL(url).origin : "'self'";
}

const sourcesOf = (urls: string[]) => [...new Set(["'self'", ...urls.map(sourceOf)])];

/**
 * The live channel's WebSocket origins: each API origin with ws/wss for http/https. On the page's
 * own origin (the fleet) 'self' already allows ws and wss (CSP 3).
 */
const socketSourcesOf = (urls: string[]) =>
  [...new Set(urls.filter((url) => /^https?:\/\//i.test(url)).map((url) => new URL(url).origin.replace(/^http/i, 'ws')))];

/**
 * The shell page's policy. Scripts, styles, images and fonts: the shell's own origin and the remotes'
 * (each remote's container and chunks come from its own origin in `npm start`, from the page's in the
 * fleet). Requests (fetch, XHR): the page's origin (config.json, remotes.json), the remotes' (the shell
 * asks a remote that was down for its container until it answers again) and the API's, whose ws/wss
 * origin the live channel's WebSocket uses. Images
 * also from the API (avatars, post pictures, banners), `data:` (QR codes, captchas), `blob:` (a picture
 * before it is sent) and any https address (a banner staff publish may be one, docs/messages.md). Media
 * (home's videos; their poster frames are images): the API's origin and any https address. Frames:
 * `blob:` only (the lease agreement's PDF). Never framed by another site, no plugins, no <base>.
 */
export function shellPolicy(html: string, remotes: Pick<ListedRemote, 'entry'>[], config: Pick<RuntimeConfig, 'apiHosts'>): string {
  const inline = inlineHashes(html);
  const app = sourcesOf(remotes.map((r) => r.entry));
  const api = sourcesOf(Object.values(config.apiHosts));
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', [...app, ...inline.scripts]],
    ['style-src', [...app, ...inline.styles, ...(inline.styleAttributes.length ? ["'unsafe-hashes'", ...inline.styleAttributes] : [])]],
    ['img-src', [...new Set([...app, ...api, 'data:', 'blob:', 'https:'])]],
    ['media-src', [...new Set([...api, 'https:'])]],
    ['font-src', app],
    ['connect-src', [...new Set([...app, ...api, ...socketSourcesOf(Object.values(config.apiHosts))])]],
    ['frame-src', ['blob:']],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** A remote's own page loads nothing (it only says the remote runs inside the shell): nothing may run or load there. */
export const REMOTE_PAGE_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The policy of the shell deployed in `shellDist`, from its index.html and the remotes.json and config.json written next to it. */
export function deployedShellPolicy(shellDist: string): string {
  const read = (name: string) => {
    const file = path.join(shellDist, name);
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: build the shell and write the runtime documents first`);
    return fs.readFileSync(file, 'utf8');
  };
  const { remotes } = JSON.parse(read('remotes.json')) as { remotes: ListedRemote[] };
  return shellPolicy(read('index.html'), remotes, JSON.parse(read('config.json')) as RuntimeConfig);
}

/** `npx tsx tools/src/content-security-policy.ts [shell dist]`: prints the policy, for a server or CDN of one's own. */
if (require.main === module) {
  console.log(deployedShellPolicy(path.resolve(process.argv[2] ?? path.join(__dirname, '..', '..', 'shell', 'dist'))));
}
