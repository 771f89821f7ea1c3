/**
 * The entry (index.ts) evaluates the shared singletons one per task before the app needs them. A
 * singleton added to the build and not to the entry would be evaluated with the app again, all in
 * one long task: nothing would fail, the first load would only block longer.
 */
import fs from 'node:fs';
import path from 'node:path';

const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

const singletons = JSON.parse(fs.readFileSync(path.join(__dirname, '../../tools/rsbuild/singletons.json'), 'utf8')) as string[];
const entry = fs.readFileSync(path.join(__dirname, 'index.ts'), 'utf8');
const evaluated = [...entry.matchAll(/\(\) => import\('([^']+)'\)/g)].map((match) => match[1]);

it("evaluates every shared singleton's package in the entry, and nothing that is not shared", () => {
  expect(evaluated.length).toBeGreaterThan(0);
  expect([...new Set(evaluated.map(packageOf))].sort()).toEqual([...new Set(singletons.map(packageOf))].sort());
});

interface Manifest {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/** The shared packages a package's main entry imports, from its package.json (an optional peer is not imported there). */
function sharedDependenciesOf(name: string, shared: string[]): string[] {
  const manifest = JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as Manifest;
  const required = Object.keys(manifest.peerDependencies ?? {}).filter((peer) => !manifest.peerDependenciesMeta?.[peer]?.optional);
  return [...Object.keys(manifest.dependencies ?? {}), ...required].filter((dependency) => shared.includes(dependency));
}

it('evaluates a package only after the shared packages it imports, so each task holds one package', () => {
  const order = [...new Set(evaluated.map(packageOf))];
  const late = order.flatMap((name, index) => sharedDependenciesOf(name, order).filter((dependency) => order.indexOf(dependency) > index).map((dependency) => `${name} needs ${dependency} first`));
  expect(late).toEqual([]);
});
