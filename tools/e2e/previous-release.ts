/**
 * Builds one app (the shell or a remote) as an earlier commit of main had it, so a browser test can
 * serve it beside the current builds: shell and remotes are released apart, and the current ones
 * must keep working with the previous release of the other side.
 *
 * The commit's tree comes out of git (`git archive`, no worktree to clean up) into a temp folder
 * whose node_modules links to this checkout's packages, except our own workspace packages, which
 * link to the commit's. Builds are kept per commit and app, so a second run starts at once.
 */
import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../src/topology';

/**
 * The release the current code must interoperate with: main before contract version 4 (the UI kit
 * shared as two parts), the last release of version 3. Move it
 * forward when a release is cut; COMPAT_BASE overrides it for one run. Its builds take this checkout's
 * packages, so a package it imports and the current code no longer does stays in tools'
 * devDependencies until then.
 */
export const PREVIOUS_RELEASE = process.env.COMPAT_BASE ?? '9d59897baeda5998a8079f4a4be885ad0574ade0';

export function commitAvailable(commit: string): boolean {
  try {
    execFileSync('git', ['-C', ROOT, 'cat-file', '-e', `${commit}^{commit}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Mirrors node_modules: every package links to this checkout's, workspace packages to the commit's tree. */
function linkNodeModules(tree: string): void {
  const modules = path.join(ROOT, 'node_modules');
  const target = path.join(tree, 'node_modules');
  fs.mkdirSync(target);
  for (const name of fs.readdirSync(modules)) {
    if (name === '@rigshare' || name === '.cache') continue;
    fs.symlinkSync(path.join(modules, name), path.join(target, name));
  }
  fs.mkdirSync(path.join(target, '@rigshare'));
  for (const name of fs.readdirSync(path.join(modules, '@rigshare'))) {
    // e.g. ../../libs/ui: the same place in the commit's tree.
    fs.symlinkSync(fs.readlinkSync(path.join(modules, '@rigshare', name)), path.join(target, '@rigshare', name));
  }
  // A workspace's own node_modules (a package version that differs from the root's).
  for (const workspace of ['shell', 'server', 'tools', ...['libs', 'remotes'].flatMap((dir) => fs.readdirSync(path.join(ROOT, dir)).map((name) => `${dir}/${name}`))]) {
    const own = path.join(ROOT, workspace, 'node_modules');
    if (fs.existsSync(own) && fs.existsSync(path.join(tree, workspace)) && !fs.existsSync(path.join(tree, workspace, 'node_modules'))) {
      fs.symlinkSync(own, path.join(tree, workspace, 'node_modules'));
    }
  }
}

/** The commit's tree in a temp folder (made once per commit). */
function treeOf(commit: string): string {
  const tree = path.join(os.tmpdir(), `rigshare-release-${commit.slice(0, 12)}`);
  if (fs.existsSync(path.join(tree, '.ready'))) return tree;
  // Made beside it and renamed into place, so a run that stopped half-way leaves nothing to trust.
  const making = `${tree}.${process.pid}`;
  fs.rmSync(making, { recursive: true, force: true });
  fs.mkdirSync(making, { recursive: true });
  execSync(`git -C "${ROOT}" archive --format=tar ${commit} | tar -x -C "${making}"`, { stdio: ['ignore', 'ignore', 'inherit'] });
  linkNodeModules(making);
  fs.writeFileSync(path.join(making, '.ready'), commit);
  fs.rmSync(tree, { recursive: true, force: true });
  fs.renameSync(making, tree);
  return tree;
}

/**
 * Builds `app` (`shell` or `remotes/<name>`) at `commit` and returns its dist folder. Only the one
 * app is built; a build made before for the same commit is used as it is.
 */
export function buildAt(commit: string, app: string): string {
  const tree = treeOf(commit);
  const dist = path.join(tree, app, 'dist');
  const done = path.join(tree, app, '.built');
  if (fs.existsSync(done) && fs.existsSync(dist)) return dist;
  const started = Date.now();
  const rsbuild = path.join(path.dirname(require.resolve('@rsbuild/core/package.json')), 'bin', 'rsbuild.js');
  execFileSync(process.execPath, [rsbuild, 'build'], {
    cwd: path.join(tree, app),
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  fs.writeFileSync(done, commit);
  console.log(`built ${app} at ${commit.slice(0, 12)} in ${Math.round((Date.now() - started) / 1000)} s`);
  return dist;
}
