import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** For this package's tests only (not exported): a real HTTP server standing in for the API. */

/** A request as it reached the server. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** The server's answer: a status (200 unless said) and a body, sent as JSON unless it is a string (a page of its own, as a proxy's). */
export interface TestReply {
  status?: number;
  body: unknown;
}

/** Starts the server on a free port, answering each request (after the browser's CORS preflight) with `answer`. */
export async function startTestServer(answer: (request: ReceivedRequest) => TestReply): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Language, X-Access-Token, Content-Type');
    if (req.method === 'OPTIONS') return res.end();
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const reply = answer({ method: req.method!, url: req.url!, headers: req.headers, body });
      res.statusCode = reply.status ?? 200;
      res.setHeader('Content-Type', typeof reply.body === 'string' ? 'text/html' : 'application/json');
      res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
