/**
 * Some dependencies ship ESM only (kysely 0.29, cookie, content-disposition, typebox 1.x) while jest here runs
 * CommonJS; this lets ts-jest transpile just those packages' files.
 */
module.exports = function withEsmPackages(config, packages) {
  const names = packages.map((name) => name.replace('/', '\\/')).join('|');
  return {
    ...config,
    transform: {
      ...config.transform,
      [`^.+/node_modules/(${names})/.+\\.m?js$`]: [
        'ts-jest',
        { tsconfig: { allowJs: true, module: 'CommonJS', moduleResolution: 'node', target: 'ES2022', isolatedModules: true } },
      ],
    },
    moduleFileExtensions: [...new Set([...(config.moduleFileExtensions ?? []), 'mjs'])],
    transformIgnorePatterns: [`^(?!.*/node_modules/(${names})/).*/node_modules/`],
  };
};
