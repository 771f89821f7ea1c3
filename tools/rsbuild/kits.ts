/**
 * Shared libraries as the page shares them: only the exports something in the page imports. A
 * shared module cannot be tree-shaken, so sharing `antd-mobile` itself put all ~80 components and
 * their styles in the first load, sharing `react-router-dom` put all of react-router 7 there (data
 * routers, server rendering, ~190 kB minified) for the dozen names the apps use, and sharing
 * react-i18next, react-redux and Redux Toolkit whole added what the monolith leaves out (the `Trans`
 * component and its HTML parser, the hooks' factories, the parts of Redux no app calls). Every app's
 * build scans the same sources and writes the same kit modules, and the library's name resolves to
 * its kit, so the singleton (one ConfigProvider and Toast/Dialog renderer; one router context; one
 * store context; one i18next binding) stays. A name used for the first time appears in its kit with
 * the next build of the apps (shell included).
 *
 * `node --import tsx tools/rsbuild/kits.ts` prints the lists: nx.json hashes them into every app's
 * build (a runtime input), so a cached build is reused only while they are the same.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

/** A package's folder, found from `from` (default: here), the way Node resolves it. */
export const packageDir = (name: string, from?: string) => path.dirname(require.resolve(`${name}/package.json`, from ? { paths: [from] } : undefined));

export const versionOf = (name: string) => (JSON.parse(fs.readFileSync(path.join(packageDir(name), 'package.json'), 'utf8')) as { version: string }).version;

/** react-router's production build: its package exports point every condition at the development build. */
export const reactRouterDist = path.join(packageDir('react-router'), 'dist', 'production');

interface Kit {
  /**
   * The module whose exports the kit re-exports: the build the bundler would take for the library,
   * by a path or subpath the alias (`<library>$`) does not send back to the kit.
   */
  source: string;
  /** Imported first for its side effects (antd-mobile's global styles and CSS variables). */
  prelude?: string;
  /**
   * Packages whose own ES modules import the library: their names join the kit. RTK Query's React
   * hooks import react-redux and Redux Toolkit from inside node_modules, where the apps' sources
   * say nothing of them.
   */
  importedBy?: readonly string[];
}

/** The libraries shared as kits. */
export const KITS = {
  'antd-mobile': { source: 'antd-mobile/es/index.js', prelude: 'antd-mobile/es/global' },
  'react-router-dom': { source: path.join(reactRouterDist, 'index.mjs') },
  'react-i18next': { source: path.join(packageDir('react-i18next'), 'dist', 'es', 'index.js') },
  'react-redux': { source: path.join(packageDir('react-redux'), 'dist', 'react-redux.mjs'), importedBy: ['@reduxjs/toolkit'] },
  '@reduxjs/toolkit': { source: path.join(packageDir('@reduxjs/toolkit'), 'dist', 'redux-toolkit.modern.mjs'), importedBy: ['@reduxjs/toolkit'] },
} satisfies Record<string, Kit>;

export type KitLibrary = keyof typeof KITS;
export const KIT_LIBRARIES = Object.keys(KITS) as KitLibrary[];

const quoted = (library: string) => `["']${library.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}["']`;

/** The files to read: the apps' and libs' sources, and the ES modules of the packages a kit names in `importedBy`. */
function sourceFiles(): string[] {
  const files: string[] = [];
  const visit = (dir: string, extension: RegExp) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file, extension);
      else if (extension.test(entry.name)) files.push(file);
    }
  };
  const apps = ['shell', ...['remotes', 'libs'].flatMap((group) => fs.readdirSync(path.join(ROOT, group)).map((name) => path.join(group, name)))];
  for (const app of apps) if (fs.existsSync(path.join(ROOT, app, 'src'))) visit(path.join(ROOT, app, 'src'), /\.tsx?$/);
  const importers = new Set(Object.values(KITS as Record<string, Kit>).flatMap((kit) => kit.importedBy ?? []));
  for (const importer of importers) visit(path.join(packageDir(importer), 'dist'), /\.mjs$/);
  return files;
}

/**
 * The names each kit library is imported as values with (`import { A, B as C } from '<library>'`)
 * in one pass over the sources. A default or namespace import would reach names the kit does not
 * know of, so it stops the build.
 */
export function namesImported(): Record<KitLibrary, string[]> {
  const libraries = KIT_LIBRARIES.map((library) => ({
    library,
    named: new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*${quoted(library)}`, 'g'),
    whole: new RegExp(`import\\s+(\\*\\s*as\\s+)?[\\w$]+\\s*(,[^;]*)?from\\s*${quoted(library)}`),
    names: new Set<string>(),
  }));
  for (const file of sourceFiles()) {
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
  return Object.fromEntries(libraries.map(({ library, names }) => [library, [...names].sort()])) as Record<KitLibrary, string[]>;
}

/** Writes a kit module (when it changed) and returns its path. */
function writeKit(library: KitLibrary, body: string): string {
  const file = path.join(ROOT, 'node_modules', '.cache', 'rigshare', `${library.replace('/', '+')}-kit.js`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== body) fs.writeFileSync(file, body);
  return file;
}

/** Writes the kit modules and returns the `resolve.alias` entries that point each library at its kit. */
export function kitAliases(): Record<`${KitLibrary}$`, string> {
  const names = namesImported();
  return Object.fromEntries(
    KIT_LIBRARIES.map((library) => {
      const { source, prelude } = KITS[library] as Kit;
      const body = `${prelude ? `import ${JSON.stringify(prelude)};\n` : ''}export { ${names[library].join(', ')} } from ${JSON.stringify(source)};\n`;
      return [`${library}$`, writeKit(library, body)];
    }),
  ) as Record<`${KitLibrary}$`, string>;
}

if (require.main === module) for (const [library, names] of Object.entries(namesImported())) console.log(`${library}: ${names.join(' ')}`);
