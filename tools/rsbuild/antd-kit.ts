/**
 * The UI kit as the page shares it: only the antd-mobile exports some app of this repository imports
 * (a shared module cannot be tree-shaken, so sharing `antd-mobile` itself put all ~80 components and
 * their styles in the first load). Every app's build scans the same sources and writes the same
 * module, and `antd-mobile` resolves to it, so the singleton (one ConfigProvider, one Toast/Dialog
 * renderer) stays. A component used for the first time appears in it with the next build of the apps.
 *
 * `node --import tsx tools/rsbuild/antd-kit.ts` prints the list: nx.json hashes it into every app's
 * build (a runtime input), so a cached build is reused only while the list is the same.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

export function antdMobileKitNames(): string[] {
  const names = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/\.tsx?$/.test(entry.name)) {
        for (const match of fs.readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd-mobile'/g)) {
          for (const item of match[1].split(',')) {
            const name = item.trim();
            if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0]);
          }
        }
      }
    }
  };
  const sources = ['shell', ...['remotes', 'libs'].flatMap((group) => fs.readdirSync(path.join(ROOT, group)).map((name) => path.join(group, name)))];
  for (const app of sources) if (fs.existsSync(path.join(ROOT, app, 'src'))) visit(path.join(ROOT, app, 'src'));
  return [...names].sort();
}

/** Writes the kit module (when it changed) and returns its path, for `resolve.alias`. */
export function antdMobileKit(): string {
  const file = path.join(ROOT, 'node_modules', '.cache', 'rigshare', 'antd-mobile-kit.js');
  const body = `import 'antd-mobile/es/global';\nexport { ${antdMobileKitNames().join(', ')} } from 'antd-mobile/es/index.js';\n`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== body) fs.writeFileSync(file, body);
  return file;
}

if (require.main === module) console.log(antdMobileKitNames().join(' '));
