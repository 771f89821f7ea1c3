/** Runs the API server (its build, server/dist/main.js) as a child process and waits until it answers. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT, serverBuild } from './topology';

export interface ApiProcessOptions {
  port: number;
  corsOrigins: string[];
  env?: NodeJS.ProcessEnv;
  /** Where the server's output goes; 'inherit' prints it. */
  stdio?: 'inherit' | 'ignore' | 'pipe';
}

export async function startApiProcess({ port, corsOrigins, env = {}, stdio = 'inherit' }: ApiProcessOptions): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--enable-source-maps', serverBuild('main')], {
    cwd: path.join(ROOT, 'server'),
    env: { ...process.env, ...env, PORT: String(port), CORS_ORIGINS: corsOrigins.join(',') },
    stdio,
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`API server exited with code ${code} before it was ready`))),
  );
  await Promise.race([waitForHttp(`http://127.0.0.1:${port}/api/user/sys/info`, 120_000), exited]);
  return child;
}

/** How often a starting server is asked: every wait between asks is time a test or a benchmark sits idle. */
const POLL_MS = 50;

export async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
