// Lint for the whole workspace. The module-boundary rule encodes DESIGN.md section 2: libs never
// import the shell or a remote, a remote never imports another remote, libs/domain stays free of
// browser code, and the server only shares libs/domain and libs/api-schema (the API contract: route schemas
// and the types both sides take from them).
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import { createRequire } from 'node:module';

// The build's shared singletons (tools/rsbuild/federation.ts).
const singletons = createRequire(import.meta.url)('./tools/rsbuild/singletons.json');

// Scopes: each deployable (the shell, a remote, the server, the tools) is a scope of its own and may
// depend only on shared code, never on another deployable; shared code depends only on shared code.
const DEPLOYABLE_SCOPES = ['scope:shell', 'scope:products', 'scope:wallet', 'scope:team', 'scope:community', 'scope:messages', 'scope:server', 'scope:tools'];
const SCOPE_CONSTRAINTS = [...DEPLOYABLE_SCOPES, 'scope:shared'].map((sourceTag) => ({ sourceTag, onlyDependOnLibsWithTags: ['scope:shared'] }));

const SHARED = ['type:lib', 'type:ui', 'type:domain', 'type:contract', 'type:api-schema'];
const BROWSER_PACKAGES = ['react', 'react-*', 'react/*', 'axios', 'antd-mobile*', 'i18next', '@reduxjs/*', '@module-federation/*'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.nx/**', 'data/**', 'tools/scratch/**', '**/coverage/**',
    // The server tests' build of the API and CLI (server/test/server-build.cjs), written while lint may run beside them.
    '**/.test-build/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allowCircularSelfDependency: false,
          // Shared singletons, eager in the shell's entry: its dynamic imports of them only evaluate
          // them one per task (shell/src/index.ts), so they are not lazy-loaded libraries.
          checkDynamicDependenciesExceptions: singletons.filter((name) => name.startsWith('@rigshare/')),
          depConstraints: [
            ...SCOPE_CONSTRAINTS,
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: SHARED },
            { sourceTag: 'type:remote', onlyDependOnLibsWithTags: SHARED },
            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: SHARED },
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib', 'type:domain', 'type:contract', 'type:api-schema'] },
            { sourceTag: 'type:api-schema', onlyDependOnLibsWithTags: ['type:domain'], bannedExternalImports: BROWSER_PACKAGES },
            { sourceTag: 'type:contract', onlyDependOnLibsWithTags: ['type:domain'] },
            { sourceTag: 'type:domain', onlyDependOnLibsWithTags: [], bannedExternalImports: BROWSER_PACKAGES },
            // libs/devchain (a local EVM chain) is for the server's tests and the tools (browser tests, the demo chain).
            { sourceTag: 'type:server', onlyDependOnLibsWithTags: ['type:domain', 'type:api-schema', 'type:devtool'], bannedExternalImports: BROWSER_PACKAGES },
            { sourceTag: 'type:tools', onlyDependOnLibsWithTags: ['type:domain', 'type:contract', 'type:api-schema', 'type:devtool'] },
            { sourceTag: 'type:devtool', onlyDependOnLibsWithTags: [], bannedExternalImports: BROWSER_PACKAGES },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // What members write reaches a page only as text (React escapes it). The one way HTML gets into a
    // page is the rich text sanitiser (docs/community.md); everything else writing HTML is refused.
    files: ['shell/src/**/*.{ts,tsx}', 'remotes/*/src/**/*.{ts,tsx}', 'libs/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'remotes/community/src/features/shared/rich-text.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Show text as text; rich text goes through RichText (remotes/community/src/features/shared/rich-text.tsx).',
        },
        {
          selector: "AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML)$/]",
          message: 'Set textContent, or render with React; HTML goes only through the rich text sanitiser.',
        },
        { selector: "CallExpression[callee.property.name='insertAdjacentHTML']", message: 'No HTML from strings; render with React.' },
        { selector: "CallExpression[callee.object.name='document'][callee.property.name=/^(write|writeln)$/]", message: 'No HTML from strings; render with React.' },
      ],
    },
  },
  {
    // Build configuration reaches into tools/rsbuild by path on purpose: it is tooling, not app code.
    files: ['**/rsbuild.config.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly', __dirname: 'readonly' } },
  },
);
