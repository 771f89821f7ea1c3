/**
 * Writes docs/openapi.json: the OpenAPI 3.1 document generated from the route schemas (libs/api-schema),
 * the same one the server serves at /api/docs/json; then, from it, the route table the browser's calls
 * are typed by (libs/api-schema/scripts/generate-paths.mjs). `npm run openapi`; a server test fails
 * when the committed document is not what the schemas say.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig, REPO_ROOT } from '../config';
import { createDb } from '../db/connect';
import { say } from './output';

export const OPENAPI_FILE = path.join(REPO_ROOT, 'docs', 'openapi.json');
const GENERATE_PATHS = path.join(REPO_ROOT, 'libs', 'api-schema', 'scripts', 'generate-paths.mjs');

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

if (require.main === module) {
  void openApiText().then((text) => {
    fs.writeFileSync(OPENAPI_FILE, text);
    say`Wrote ${path.relative(process.cwd(), OPENAPI_FILE)} (${Object.keys(JSON.parse(text).paths).length} paths)`;
    execFileSync(process.execPath, [GENERATE_PATHS], { stdio: 'inherit' });
  });
}
