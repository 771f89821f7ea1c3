/**
 * One built app served by its own process, like a separate deployment that can go down alone:
 * `tsx tools/src/serve-static.ts <root> <port> [allowed origin ...]` (its Content-Security-Policy in
 * CONTENT_SECURITY_POLICY). Prints "listening" when ready.
 */
import { startStaticServer } from './static-server';

async function main() {
  const [root, port, ...allowedOrigins] = process.argv.slice(2);
  if (!root || !port) throw new Error('usage: serve-static <root> <port> [allowed origin ...]');
  const server = await startStaticServer({ root, port: Number(port), allowedOrigins, contentSecurityPolicy: process.env.CONTENT_SECURITY_POLICY || undefined });
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  console.log('listening');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
