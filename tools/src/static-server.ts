/**
 * Serves one built app (shell or remote) from its own origin, the way a CDN would: HTML, JSON and
 * a remote's container (remoteEntry.js) never cached, hashed files immutable, CORS only for allowed
 * origins, and the app's Content-Security-Policy (content-security-policy.ts) on every response.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';

export interface StaticServerOptions {
  root: string;
  port: number;
  host?: string;
  /** Origins allowed to fetch cross-origin (the shell's, for a remote). */
  allowedOrigins: string[];
  /** The Content-Security-Policy header of every response (it takes effect on the pages and workers). */
  contentSecurityPolicy?: string;
}

/** Hashed build files are immutable for a year; HTML, JSON and the remotes' containers never cached. */
export function setCacheHeaders(reply: { header(name: string, value: string): unknown }, filePath: string): void {
  const hashed = /[/\\]static[/\\]/.test(filePath) && /\.[0-9a-f]{8,}\./.test(filePath);
  reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}

export async function startStaticServer({ root, port, host = '127.0.0.1', allowedOrigins, contentSecurityPolicy }: StaticServerOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.addHook('onSend', async (request, reply) => {
    if (contentSecurityPolicy) reply.header('Content-Security-Policy', contentSecurityPolicy);
    const origin = request.headers.origin;
    if (origin && allowedOrigins.includes(origin)) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Vary', 'Origin');
    }
  });
  // Brotli or gzip as the browser accepts, like any CDN in front of these files.
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyStatic, {
    root,
    // Read the files on every request so a redeployed build is served without a restart.
    cacheControl: false,
    etag: true,
    // The build's brotli/gzip copies (precompressPlugin in tools/rsbuild) when the browser takes them.
    preCompressed: true,
    setHeaders: setCacheHeaders,
  });
  await app.listen({ port, host });
  return app;
}

/**
 * The same server in a child process of its own (serve-static.ts), so it can be killed alone. One
 * process: `node --import tsx`, not tsx's CLI, which would leave a grandchild serving after a kill.
 */
export async function startStaticProcess({ root, port, allowedOrigins, contentSecurityPolicy }: StaticServerOptions): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'serve-static.ts'), root, String(port), ...allowedOrigins], {
    cwd: __dirname,
    env: { ...process.env, CONTENT_SECURITY_POLICY: contentSecurityPolicy ?? '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`static server for ${root} exited with code ${code}`)));
  });
  return child;
}
