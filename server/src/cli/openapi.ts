/**
 * Writes docs/openapi.json: the OpenAPI 3.1 document generated from the route schemas (libs/api-schema),
 * the same one the server serves at /api/docs/json; and from it the route table the browser's calls
 * are typed by (libs/api-schema/src/generated/openapi-paths.ts, openapi-typescript). `npm run openapi`;
 * a server test fails when either committed file is not what the schemas say.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig, REPO_ROOT } from '../config';
import { createDb } from '../db/connect';
import { say } from './output';

export const OPENAPI_FILE = path.join(REPO_ROOT, 'docs', 'openapi.json');
export const OPENAPI_PATHS_FILE = path.join(REPO_ROOT, 'libs', 'api-schema', 'src', 'generated', 'openapi-paths.ts');

const PATHS_HEADER = `/* eslint-disable */
// Every route of the API (method, path, parameters, body, replies) as types, from docs/openapi.json.
// Do not edit: \`npm run openapi\` writes it.
`;

/** The document as JSON text, from an app that never touches its (in-memory) database. */
export async function openApiText(): Promise<string> {
  const db = createDb({ databaseUrl: null, sqliteFile: ':memory:' });
  const app = await buildApp({ db, config: { ...loadConfig({}), jobsIntervalMs: 0 } });
  try {
    await app.ready();
    return JSON.stringify(app.swagger(), null, 2) + '\n';
  } finally {
    await app.close();
    await db.kysely.destroy();
  }
}

/**
 * The document's routes as TypeScript types: the `paths` table the browser's calls are checked
 * against. openapi-typescript runs as its own process: it is an ES module the server's CommonJS
 * (and its tests) cannot load.
 */
export function openApiPathsText(openApi: string): string {
  const cli = path.join(path.dirname(require.resolve('openapi-typescript/package.json')), 'bin', 'cli.js');
  return PATHS_HEADER + execFileSync(process.execPath, [cli], { input: openApi, encoding: 'utf8' });
}

if (require.main === module) {
  void openApiText().then((text) => {
    fs.writeFileSync(OPENAPI_FILE, text);
    say`Wrote ${path.relative(process.cwd(), OPENAPI_FILE)} (${Object.keys(JSON.parse(text).paths).length} paths)`;
    fs.mkdirSync(path.dirname(OPENAPI_PATHS_FILE), { recursive: true });
    fs.writeFileSync(OPENAPI_PATHS_FILE, openApiPathsText(text));
    say`Wrote ${path.relative(process.cwd(), OPENAPI_PATHS_FILE)}`;
  });
}
