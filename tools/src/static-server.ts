/**
 * Serves one built app (shell or remote) from its own origin, the way a CDN would: HTML, JSON and
 * the federation manifest never cached, hashed files immutable, CORS only for allowed origins.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';

export interface StaticServerOptions {
  root: string;
  port: number;
  host?: string;
  /** Origins allowed to fetch cross-origin (the shell's, for a remote). */
  allowedOrigins: string[];
}

export async function startStaticServer({ root, port, host = '127.0.0.1', allowedOrigins }: StaticServerOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.addHook('onSend', async (request, reply) => {
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
    setHeaders(reply, filePath) {
      const hashed = /[/\\]static[/\\]/.test(filePath) && /\.[0-9a-f]{8,}\./.test(filePath);
      reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  await app.listen({ port, host });
  return app;
}
