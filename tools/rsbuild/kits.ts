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

/**
 * A package's folder, found from `from` (default: here), the way Node resolves it. A package whose
 * exports leave out its package.json (the federation runtime's) is found from its main file up (Jest's
 * resolver reports that case as not found).
 */
export function packageDir(name: string, from?: string): string {
  const options = from ? { paths: [from] } : undefined;
  try {
    return path.dirname(require.resolve(`${name}/package.json`, options));
  } catch (error) {
    if (!['ERR_PACKAGE_PATH_NOT_EXPORTED', 'MODULE_NOT_FOUND'].includes((error as { code?: string }).code ?? '')) throw error;
    for (let dir = path.dirname(require.resolve(name, options)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const manifest = path.join(dir, 'package.json');
      if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === name) return dir;
    }
    throw error;
  }
}

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
   * The source is a barrel of re-exports that its package marks as having side effects (antd-mobile's
   * `es/index.js`): the kit then takes each name from the module the barrel takes it from. Through the
   * barrel, every name any kit shares would come in one module, wherever it is imported.
   */
  barrel?: true;
  /**
   * Packages whose own ES modules import the library: their names join the kit. RTK Query's React
   * hooks import react-redux and Redux Toolkit from inside node_modules, where the apps' sources
   * say nothing of them.
   */
  importedBy?: readonly string[];
}

/** The libraries shared as kits. */
export const KITS = {
  'antd-mobile': { source: 'antd-mobile/es/index.js', prelude: 'antd-mobile/es/global', barrel: true },
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
function writeKit(library: string, body: string): string {
  const file = path.join(ROOT, 'node_modules', '.cache', 'rigshare', `${library.replace('/', '+')}-kit.js`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== body) fs.writeFileSync(file, body);
  return file;
}

/** A barrel's re-exports: for each name it exports, the module (a path) and the name there. */
function barrelExports(source: string): Map<string, { from: string; local: string }> {
  const file = require.resolve(source);
  const exports = new Map<string, { from: string; local: string }>();
  for (const [, list, from] of fs.readFileSync(file, 'utf8').matchAll(/export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    for (const item of list.split(',')) {
      const [local, exported = local] = item.trim().split(/\s+as\s+/);
      if (local) exports.set(exported, { from: path.resolve(path.dirname(file), from), local });
    }
  }
  return exports;
}

/**
 * The stylesheets a kit module imports, directly or through the kit's modules it imports, in the order
 * the modules run (the order the bundler puts them in a stylesheet): one component's rules override
 * another's at equal specificity, so this order is part of the layout.
 */
function stylesheetsOf(moduleFile: string, seen = new Set<string>()): string[] {
  if (seen.has(moduleFile)) return [];
  seen.add(moduleFile);
  const sheets: string[] = [];
  for (const [, specifier] of fs.readFileSync(moduleFile, 'utf8').matchAll(/^import\s(?:[^'"]*\sfrom\s)?['"](\.{1,2}\/[^'"]+)['"]/gm)) {
    const target = path.resolve(path.dirname(moduleFile), specifier);
    if (target.endsWith('.css')) sheets.push(target);
    else {
      const file = [`${target}.js`, path.join(target, 'index.js')].find((candidate) => fs.existsSync(candidate));
      if (file) sheets.push(...stylesheetsOf(file, seen));
    }
  }
  return sheets;
}

function kitModule({ source, prelude, barrel }: Kit, names: readonly string[], stylesOf: readonly string[] = []): string {
  const lines = prelude ? [`import ${JSON.stringify(prelude)};`] : [];
  if (!barrel) return `${[...lines, `export { ${names.join(', ')} } from ${JSON.stringify(source)};`].join('\n')}\n`;
  const exports = barrelExports(source);
  const originOf = (name: string) => {
    const origin = exports.get(name);
    if (!origin) throw new Error(`${source} exports no ${name} (tools/rsbuild/kits.ts)`);
    return origin;
  };
  for (const name of names) {
    const { from, local } = originOf(name);
    lines.push(`export { ${local === name ? name : `${local} as ${name}`} } from ${JSON.stringify(from)};`);
  }
  // Last, as when they came with the other part: this part's own components' rules come before them.
  const seen = new Set<string>();
  for (const name of stylesOf) for (const sheet of stylesheetsOf(path.join(originOf(name).from, 'index.js'), seen)) lines.push(`import ${JSON.stringify(sheet)};`);
  return `${lines.join('\n')}\n`;
}

/**
 * The UI kit comes in two parts, each a shared module of its own. The first-load part holds what the
 * first screen of a visit draws: the frame and tab bar, home with its header, banner, notices, pop-up
 * and product list, toasts and dialogs (and DotLoading, which the Button draws). The shell's entry
 * evaluates it with the other shared libraries while the app downloads. The other part (forms,
 * inputs, pickers, tabs, lists, uploaders: about half the kit, rc-field-form alone a third of it) is
 * fetched and evaluated with the first screen that imports one of its components, so home neither
 * downloads nor runs it.
 *
 * The apps still write `import { Form, Toast } from 'antd-mobile'`: the build rewrites each such import
 * into imports of the two parts (`splitKitImports`). A component not listed here goes to the on-demand
 * part, so a new one never grows the first load unnoticed; listing one a first screen does not import
 * only makes that screen wait for the other part. `antd-mobile` itself stays shared as the whole kit,
 * fetched only by remotes of contract version 3, built before the split.
 */
export const UI_KIT_PARTS = { firstLoad: 'antd-mobile/first-load', onDemand: 'antd-mobile/on-demand' } as const;
const UI_KIT_FIRST_LOAD = new Set([
  'Badge', 'Button', 'Card', 'ConfigProvider', 'Dialog', 'DotLoading', 'ErrorBlock', 'Image', 'Modal', 'NoticeBar', 'ProgressBar',
  'Skeleton', 'SpinLoading', 'Swiper', 'TabBar', 'Tag', 'Toast', 'setDefaultConfig', 'unstableSetRender',
]);

/** The part of the UI kit a component is shared in. */
const uiKitPartOf = (name: string) => (UI_KIT_FIRST_LOAD.has(name) ? UI_KIT_PARTS.firstLoad : UI_KIT_PARTS.onDemand);

/** The shared modules the shell provides without evaluating them at start: its entry never imports them. */
export const LOADED_ON_DEMAND: readonly string[] = ['antd-mobile', UI_KIT_PARTS.onDemand];

/** The library a shared name belongs to (a part of the UI kit belongs to antd-mobile). */
export const libraryOf = (shared: string) => (Object.values(UI_KIT_PARTS) as string[]).includes(shared) ? 'antd-mobile' : shared;

/**
 * Rewrites a source file's value imports of antd-mobile into imports of its two parts:
 * `import { Form, Toast, type FormProps } from 'antd-mobile'` becomes
 * `import { Toast } from 'antd-mobile/first-load'; import { Form } from 'antd-mobile/on-demand';`.
 * Type-only names are dropped (they leave nothing in the output), and so is an import left with none;
 * the line count stays, so the source maps still point at the right lines.
 */
export function splitKitImports(code: string): string {
  return code.replace(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*${quoted('antd-mobile')};?`, 'g'), (statement: string, list: string) => {
    const byPart = new Map<string, string[]>();
    for (const item of list.split(',')) {
      const specifier = item.trim();
      if (!specifier || specifier.startsWith('type ')) continue;
      const part = uiKitPartOf(specifier.split(/\s+as\s+/)[0]);
      byPart.set(part, [...(byPart.get(part) ?? []), specifier]);
    }
    const imports = [...byPart].map(([part, specifiers]) => `import { ${specifiers.join(', ')} } from ${JSON.stringify(part)};`);
    return imports.join(' ') + '\n'.repeat(statement.split('\n').length - 1);
  });
}

/**
 * Writes the kit modules and returns the `resolve.alias` entries that point each library at its kit,
 * and each part of the UI kit at its module.
 */
export function kitAliases(): Record<string, string> {
  const names = namesImported();
  // antd-mobile's own kit is the whole kit, written from its parts below.
  const aliases: Record<string, string> = Object.fromEntries(
    KIT_LIBRARIES.filter((library) => library !== 'antd-mobile').map((library) => [`${library}$`, writeKit(library, kitModule(KITS[library] as Kit, names[library]))]),
  );
  const byPart = Object.values(UI_KIT_PARTS).map((part) => ({ part, names: names['antd-mobile'].filter((name) => uiKitPartOf(name) === part) }));
  // The on-demand part's stylesheets come with the first-load part, though: with them in a later chunk the
  // kit's rules came after the app's and beat those of equal specificity (inputs lost their width), and
  // the login screen painted from index.html (tools/rsbuild/first-paint.ts) needs the form's. ~5 KB brotli.
  const onDemandNames = byPart.find(({ part }) => part === UI_KIT_PARTS.onDemand)!.names;
  for (const { part, names: partNames } of byPart) {
    const styles = part === UI_KIT_PARTS.firstLoad ? onDemandNames : [];
    aliases[`${part}$`] = writeKit(part, kitModule(KITS['antd-mobile'], partNames, styles));
  }
  // The whole kit (for remotes of contract version 3) takes the components from the two parts: were it to
  // import their modules too, no component module would belong to one part alone, and the bundler would
  // not join a part's modules into one (module concatenation), which costs their evaluation at start.
  aliases['antd-mobile$'] = writeKit(
    'antd-mobile',
    byPart.map(({ part, names: partNames }) => `export { ${partNames.join(', ')} } from ${JSON.stringify(part)};\n`).join(''),
  );
  return aliases;
}

if (require.main === module) for (const [library, names] of Object.entries(namesImported())) console.log(`${library}: ${names.join(' ')}`);
