/**
 * Shared libraries as the page shares them: only the exports some app of this repository imports.
 * A shared module cannot be tree-shaken, so sharing `antd-mobile` itself put all ~80 components and
 * their styles in the first load, and sharing `react-router-dom` put all of react-router 7 there (data
 * routers, server rendering, ~190 kB minified) for the dozen names the apps use. Every app's build
 * scans the same sources and writes the same kit modules, and the library's name resolves to its kit,
 * so the singleton (one ConfigProvider and Toast/Dialog renderer; one router context) stays. A name
 * used for the first time appears in its kit with the next build of the apps (shell included).
 *
 * `node --import tsx tools/rsbuild/kits.ts` prints the lists: nx.json hashes them into every app's
 * build (a runtime input), so a cached build is reused only while they are the same.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

/** The libraries shared as kits. */
export const KIT_LIBRARIES = ['antd-mobile', 'react-router-dom'] as const;
type KitLibrary = (typeof KIT_LIBRARIES)[number];

const quoted = (library: string) => `'${library.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}'`;

/**
 * The names each kit library is imported as values with (`import { A, B as C } from '<library>'`)
 * anywhere in the apps and libs, in one pass over their sources. A default or namespace import would
 * reach names the kit does not know of, so it stops the build.
 */
export function namesImported(): Record<KitLibrary, string[]> {
  const libraries = KIT_LIBRARIES.map((library) => ({
    library,
    named: new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*${quoted(library)}`, 'g'),
    whole: new RegExp(`import\\s+(\\*\\s*as\\s+)?\\w+\\s*(,[^;]*)?from\\s*${quoted(library)}`),
    names: new Set<string>(),
  }));
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/\.tsx?$/.test(entry.name)) {
        const text = fs.readFileSync(file, 'utf8');
        for (const { library, named, whole, names } of libraries) {
          if (whole.test(text)) throw new Error(`${file}: import { … } from '${library}' only; the build shares just the names imported so (tools/rsbuild/kits.ts)`);
          for (const match of text.matchAll(named)) {
            for (const item of match[1].split(',')) {
              const name = item.trim();
              if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0]);
            }
          }
        }
      }
    }
  };
  const sources = ['shell', ...['remotes', 'libs'].flatMap((group) => fs.readdirSync(path.join(ROOT, group)).map((name) => path.join(group, name)))];
  for (const app of sources) if (fs.existsSync(path.join(ROOT, app, 'src'))) visit(path.join(ROOT, app, 'src'));
  return Object.fromEntries(libraries.map(({ library, names }) => [library, [...names].sort()])) as Record<KitLibrary, string[]>;
}

/** Writes a kit module (when it changed) and returns its path. */
function writeKit(library: KitLibrary, body: string): string {
  const file = path.join(ROOT, 'node_modules', '.cache', 'rigshare', `${library}-kit.js`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== body) fs.writeFileSync(file, body);
  return file;
}

/**
 * Writes the kit modules and returns the `resolve.alias` entries that point each library at its kit.
 * `react-router-dom` 7 re-exports `react-router`; its kit takes the names from react-router's
 * production build by path (`reactRouterIndex`: its package exports point every condition at the
 * development build).
 */
export function kitAliases(reactRouterIndex: string): Record<`${KitLibrary}$`, string> {
  const names = namesImported();
  return {
    'antd-mobile$': writeKit('antd-mobile', `import 'antd-mobile/es/global';\nexport { ${names['antd-mobile'].join(', ')} } from 'antd-mobile/es/index.js';\n`),
    'react-router-dom$': writeKit('react-router-dom', `export { ${names['react-router-dom'].join(', ')} } from ${JSON.stringify(reactRouterIndex)};\n`),
  };
}

if (require.main === module) for (const [library, names] of Object.entries(namesImported())) console.log(`${library}: ${names.join(' ')}`);
