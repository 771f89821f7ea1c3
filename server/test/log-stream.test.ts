import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BatchedLines } from '../src/log-stream';
import { closedPort } from './captured-log';
import { serverBuild } from './server-build';

/**
 * The server writes its log in batches (src/log-stream.ts), not a write a line. An operator still sees
 * a quiet server's access line within a second, and a stop loses none of the lines still waiting.
 * The real entry point runs as its own process: the batching is main.ts's, and the flush is on exit.
 */
const SERVER_DIR = path.resolve(__dirname, '..');

async function within(ms: number, check: () => boolean): Promise<boolean> {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  return check();
}

it('writes a quiet server’s access line within a second, and every waiting line before it exits', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rigshare-log-'));
  const port = await closedPort();
  const child = spawn(process.execPath, [serverBuild('main')], {
    cwd: SERVER_DIR,
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', JOBS_INTERVAL_MS: '0', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (out += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const accessUrls = () =>
    out
      .split('\n')
      .filter((line) => line.includes('"request completed"'))
      .map((line) => (JSON.parse(line) as { url: string }).url);
  try {
    expect(await within(60_000, () => out.includes('Rigshare API listening'))).toBe(true);
    const base = `http://127.0.0.1:${port}`;

    expect((await fetch(`${base}/api/user/health?quiet=1`)).status).toBe(200);
    // One line is far below a batch: it goes out on the periodic write.
    expect(await within(3000, () => accessUrls().includes('/api/user/health?quiet=1'))).toBe(true);

    for (const n of [1, 2, 3]) expect((await fetch(`${base}/api/user/health?n=${n}`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(accessUrls().filter((url) => url.includes('?n='))).toEqual(['/api/user/health?n=1', '/api/user/health?n=2', '/api/user/health?n=3']);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 90_000);

it('hands its lines on 64 at a time, or the ones waiting after a second', async () => {
  const writes: string[] = [];
  const lines = new BatchedLines({ write: (chunk: string) => void writes.push(chunk) });
  const line = (n: number) => `{"n":${n}}\n`;
  for (let n = 1; n <= 63; n++) lines.write(line(n));
  expect(writes).toEqual([]);
  lines.write(line(64));
  expect(writes).toEqual([Array.from({ length: 64 }, (_, i) => line(i + 1)).join('')]);

  lines.write(line(65));
  expect(writes).toHaveLength(1);
  expect(await within(1500, () => writes.length === 2)).toBe(true);
  expect(writes[1]).toBe(line(65));
});

it('hands a warning or an error on at once, after the lines waiting before it', () => {
  const writes: string[] = [];
  const lines = new BatchedLines({ write: (chunk: string) => void writes.push(chunk) });
  lines.write('{"level":30,"msg":"request completed"}\n');
  expect(writes).toEqual([]);
  lines.write('{"level":50,"msg":"database unreachable"}\n');
  expect(writes).toEqual(['{"level":30,"msg":"request completed"}\n{"level":50,"msg":"database unreachable"}\n']);
  lines.write('{"level":40,"msg":"redis down"}\n');
  expect(writes).toHaveLength(2);
});
