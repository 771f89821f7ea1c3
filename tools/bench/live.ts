/**
 * npm run bench:live -- [--idle N] [--members M] [--per-member C] [--rate R] [--duration S] [--clients P] [--profile]
 *
 * The live channel (GET /api/live, docs/architecture.md "Live channel") under the load issue 56 names,
 * on the production build (server/dist/main.js under plain node), the machine's speed printed beside:
 *  1. Idle channels: one API instance (SQLite in a scratch folder, no Redis) and N channels (default
 *     19,000: this VM's open-file limit is 20,000 a process and cannot be raised) opened from P client
 *     processes (default 4), each authenticated (public events only) and answered `ready`; the API's
 *     resident memory before and after, over N, is the memory a channel costs.
 *  2. Delivery: a scratch PostgreSQL database, Redis, two API instances; M members (default 1,000), each
 *     with C channels (default 5) spread over both instances (5,000 in all); R write requests a second
 *     (default 1,000) for S seconds (default 20), each a member marking one of their unread messages read
 *     (POST /api/push/record/update), which commits a `messages` event; the instance that served it reads
 *     and announces it through Redis, the other reads it too, and each sends it to that member's channels.
 *     Latency is the time from the event's row (its `created_at`, taken as the request's transaction
 *     runs) to its arrival at a channel; every channel must receive each of its member's events exactly once.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
// The benchmarks drive the server's real code, so they import it by path.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { openSession } from '../../server/src/features/accounts/sessions';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { notifyMembers } from '../../server/src/notices';
import { machineLine } from './machine';
import { productionApiEnv } from './production-api';
import { option, postgresServerUrl, withScratchDb } from './scratch-db';

const ROOT = path.resolve(__dirname, '..', '..');
const SERVER_MAIN = path.join(ROOT, 'server/dist/main.js');

// ---------------------------------------------------------------------------------------------------
// A client process: opens the channels it is given and notes when each event arrives on each.

/** Main -> client. */
type ToClient = { open: { url: string; tokens: (string | null)[] } } | { report: true } | { close: true };
/** Client -> main. */
type FromClient = { opened: number; failed: string[] } | { arrivals: Array<Array<[number, number]>> };

function runClient(): void {
  const sockets: WebSocket[] = [];
  /** Per channel, in the order opened: [event id, arrival ms] of each event. */
  const arrivals: Array<Array<[number, number]>> = [];
  const send = (message: FromClient) => process.send!(message);

  async function openAll(url: string, tokens: (string | null)[]): Promise<void> {
    const failed: string[] = [];
    let next = 0;
    // A few hundred handshakes at a time: the API accepts them as fast as it can, no faster.
    const lane = async () => {
      for (let i = next++; i < tokens.length; i = next++) {
        const seen: Array<[number, number]> = [];
        arrivals.push(seen);
        try {
          sockets.push(await openChannel(url, tokens[i]!, seen));
        } catch (error) {
          failed.push((error as Error).message);
        }
      }
    };
    await Promise.all(Array.from({ length: 200 }, lane));
    send({ opened: sockets.length, failed: failed.slice(0, 5) });
  }

  process.on('message', (message: ToClient) => {
    if ('open' in message) void openAll(message.open.url, message.open.tokens);
    else if ('report' in message) send({ arrivals });
    else {
      sockets.forEach((socket) => socket.terminate());
      process.exit(0);
    }
  });
}

/** One channel, authenticated with `token` (null: public events only), resolved once the server says ready. */
function openChannel(url: string, token: string | null, seen: Array<[number, number]>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    const fail = (why: string) => {
      socket.terminate();
      reject(new Error(why));
    };
    const timer = setTimeout(() => fail('no ready within 60 s'), 60_000);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token, staffToken: null, since: null })));
    socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as { type: string; id?: number };
      if (frame.type === 'event') seen.push([frame.id!, Date.now()]);
      else if (frame.type === 'ready') {
        clearTimeout(timer);
        resolve(socket);
      }
    });
    socket.on('close', (code) => fail(`closed ${code}`));
    socket.on('error', (error) => fail(error.message));
  });
}

// ---------------------------------------------------------------------------------------------------
// The main process.

interface Client {
  child: ChildProcess;
  next(): Promise<FromClient>;
}

function startClient(): Client {
  const child = fork(__filename, ['--client'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const inbox: FromClient[] = [];
  const waiting: Array<(message: FromClient) => void> = [];
  child.on('message', (message: FromClient) => (waiting.length > 0 ? waiting.shift()!(message) : inbox.push(message)));
  return { child, next: () => (inbox.length > 0 ? Promise.resolve(inbox.shift()!) : new Promise((resolve) => waiting.push(resolve))) };
}

/** Opens `tokens` channels on `url` from the clients, spread evenly; resolves when every one is ready. */
async function openChannels(clients: Client[], url: string, tokensOf: (client: number) => (string | null)[]): Promise<void> {
  clients.forEach((client, i) => client.child.send({ open: { url, tokens: tokensOf(i) } } satisfies ToClient));
  for (const client of clients) {
    const answer = await client.next();
    if (!('opened' in answer) || answer.failed.length > 0) throw new Error(`channels failed to open: ${JSON.stringify(answer)}`);
  }
}

/**
 * The load generator's request: node's own HTTP client on kept-alive connections. `fetch` cost the
 * generator about a fifth of this 2-core machine at 1,000 requests a second, CPU the instances under
 * test then lacked.
 */
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 256 });
function post(port: number, urlPath: string, token: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: urlPath, method: 'POST', agent: keepAlive, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-access-token': token } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve(text));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const residentKiB = (pid: number) => Number(/^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startApi(port: number, env: NodeJS.ProcessEnv, logFile: string): Promise<ChildProcess> {
  // --profile: a V8 CPU profile of each API process (written on exit) into the log folder.
  const profile = process.argv.includes('--profile') ? ['--cpu-prof', '--cpu-prof-dir', path.dirname(logFile)] : [];
  const api = spawn(process.execPath, [...profile, SERVER_MAIN], {
    cwd: ROOT,
    env: productionApiEnv(port, { LOG_LEVEL: 'warn', ...env }),
    stdio: ['ignore', fs.openSync(logFile, 'a'), fs.openSync(logFile, 'a')],
  });
  for (let i = 0; ; i++) {
    if (api.exitCode !== null) throw new Error(`the API exited ${api.exitCode}; see ${logFile}`);
    if (await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false)) return api;
    if (i > 600) throw new Error(`the API did not answer; see ${logFile}`);
    await sleep(100);
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function idleChannels(count: number, clientCount: number, logDir: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rigshare-bench-live-'));
  const port = option('api-port', 3290);
  const api = await startApi(port, { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' }, path.join(logDir, 'idle-api.log'));
  const clients = Array.from({ length: clientCount }, startClient);
  try {
    await sleep(3000);
    const before = residentKiB(api.pid!);
    const started = Date.now();
    const share = Math.ceil(count / clientCount);
    await openChannels(clients, `ws://127.0.0.1:${port}/api/live`, (i) => Array.from({ length: Math.max(0, Math.min(share, count - i * share)) }, () => null));
    const openedIn = (Date.now() - started) / 1000;
    await sleep(10_000);
    const after = residentKiB(api.pid!);
    console.log(`\n1. Idle channels on one API instance`);
    console.log(`   ${count.toLocaleString('en')} channels open and ready in ${openedIn.toFixed(1)} s; the API's resident memory ${(before / 1024).toFixed(0)} MiB before, ${(after / 1024).toFixed(0)} MiB after`);
    console.log(`   ${((after - before) / count).toFixed(1)} KiB a channel (goal: 20,000 channels, under 20 KiB each)`);
  } finally {
    clients.forEach((client) => client.child.send({ close: true } satisfies ToClient));
    await stop(api);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function delivery(members: number, perMember: number, rate: number, seconds: number, clientCount: number, logDir: string): Promise<void> {
  const serverUrl = postgresServerUrl('postgres://postgres@127.0.0.1:5432/test');
  await withScratchDb({ prefix: 'rigshare_bench_live', fallbackUrl: serverUrl }, async (db, scratch) => {
    const k = db.kysely;
    const now = new Date();
    const iso = now.toISOString();
    // Members, a session each (as a login leaves one) and enough unread messages for the run.
    const perMemberMessages = Math.ceil((rate * seconds) / members) + 2;
    const ids: number[] = [];
    for (let first = 0; first < members; first += 500) {
      const batch = Array.from({ length: Math.min(500, members - first) }, (_, i) => first + i + 1);
      const rows = await k
        .insertInto('users')
        .values(batch.map((n) => ({ phone: `+1555${String(n).padStart(7, '0')}`, password_hash: 'x', name: `live ${n}`, invite_code: `LIVE${n}`, inviter_id: null, vip_level: 0, grade: 0, timezone_type: 0, created_at: iso })))
        .returning('id')
        .execute();
      ids.push(...rows.map((r) => r.id));
    }
    const tokens = await Promise.all(ids.map((id) => openSession(k, id, now, 24)));
    for (let i = 0; i < ids.length; i += 200) {
      const notices = ids.slice(i, i + 200).flatMap((userId) => Array.from({ length: perMemberMessages }, () => ({ userId, kind: 'system' as const, title: 'Bench', body: 'Unread', at: now })));
      await notifyMembers(k, notices);
    }
    const unread = new Map<number, number[]>();
    for (const row of await k.selectFrom('push_messages').select(['id', 'user_id']).orderBy('id').execute()) {
      const messages = unread.get(row.user_id) ?? [];
      messages.push(row.id);
      unread.set(row.user_id, messages);
    }

    const dbUrl = Object.assign(new URL(serverUrl), { pathname: `/${scratch}` }).toString();
    const ports = [option('api-port', 3290), option('api-port', 3290) + 1];
    const env = { DATABASE_URL: dbUrl, DATA_DIR: logDir, REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379', REDIS_PREFIX: `bench-live-${process.pid}:` };
    const apis = [await startApi(ports[0]!, env, path.join(logDir, 'api-1.log')), await startApi(ports[1]!, env, path.join(logDir, 'api-2.log'))];
    const clients = Array.from({ length: clientCount }, startClient);
    try {
      // Channel j of member i goes to instance (i + j) % 2 and client process (i * perMember + j) % P.
      const channels = ids.flatMap((memberId, i) => Array.from({ length: perMember }, (_, j) => ({ memberId, token: tokens[i]!, instance: (i + j) % 2 })));
      const started = Date.now();
      for (const instance of [0, 1]) {
        const mine = channels.filter((c) => c.instance === instance);
        await openChannels(clients, `ws://127.0.0.1:${ports[instance]}/api/live`, (p) => mine.filter((_, n) => n % clientCount === p).map((c) => c.token));
      }
      console.log(`\n2. Delivery across two instances (Redis), ${channels.length.toLocaleString('en')} member channels open in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      /** The channels in the order each client opened them (instance 0's first, then instance 1's), per client. */
      const opened = Array.from({ length: clientCount }, (_, p) =>
        [0, 1].flatMap((instance) => channels.filter((c) => c.instance === instance).filter((_, n) => n % clientCount === p)),
      );
      const firstEvent = Number((await k.selectFrom('events').select((eb) => eb.fn.max('id').as('last')).executeTakeFirstOrThrow()).last ?? 0);

      // R requests a second, each a member marking one unread message read, alternating the instances.
      let sent = 0;
      let answered = 0;
      let refused = 0;
      let inFlight = 0;
      let behind = 0;
      const total = rate * seconds;
      const loadStart = Date.now();
      await new Promise<void>((resolve) => {
        const tick = setInterval(() => {
          const due = Math.min(total, Math.floor(((Date.now() - loadStart) / 1000) * rate));
          for (; sent < due; sent++) {
            if (inFlight >= 512) {
              // The API is that far behind: this request is not sent (counted, and the run still ends).
              behind++;
              if (answered + behind === total) resolve();
              continue;
            }
            const member = sent % members;
            const messageId = unread.get(ids[member]!)!.shift()!;
            inFlight++;
            post(ports[sent % 2]!, '/api/push/record/update', tokens[member]!, JSON.stringify({ id: messageId }))
              .then((answer) => (JSON.parse(answer) as { code: number }).code === 200 || refused++, () => refused++)
              .finally(() => {
                inFlight--;
                answered++;
                if (sent >= total && answered + behind === total) resolve();
              });
          }
          if (sent >= total) clearInterval(tick);
        }, 5);
      });
      const loadSeconds = (Date.now() - loadStart) / 1000;
      await sleep(3000);

      const events = await k.selectFrom('events').select(['id', 'member_id', 'created_at']).where('id', '>', firstEvent).where('topic', '=', 'messages').execute();
      const eventsOf = new Map<number, Array<{ id: number; at: number }>>();
      for (const e of events) {
        const ofMember = eventsOf.get(Number(e.member_id)) ?? [];
        ofMember.push({ id: Number(e.id), at: Date.parse(e.created_at) });
        eventsOf.set(Number(e.member_id), ofMember);
      }
      const createdAt = new Map(events.map((e) => [Number(e.id), Date.parse(e.created_at)]));
      const latencies: number[] = [];
      let lost = 0;
      let duplicated = 0;
      for (let p = 0; p < clientCount; p++) {
        clients[p]!.child.send({ report: true } satisfies ToClient);
        const answer = await clients[p]!.next();
        if (!('arrivals' in answer)) throw new Error('expected arrivals');
        answer.arrivals.forEach((seen, n) => {
          const channel = opened[p]![n]!;
          const expected = new Set((eventsOf.get(channel.memberId) ?? []).map((e) => e.id));
          const received = new Set<number>();
          for (const [id, at] of seen) {
            if (received.has(id)) duplicated++;
            received.add(id);
            if (createdAt.has(id)) latencies.push(at - createdAt.get(id)!);
          }
          for (const id of expected) if (!received.has(id)) lost++;
        });
      }
      latencies.sort((a, b) => a - b);
      console.log(`   ${answered.toLocaleString('en')} requests in ${loadSeconds.toFixed(1)} s (${(answered / loadSeconds).toFixed(0)} a second; goal ${rate}), ${refused} refused, ${behind} not sent (over 512 in flight)`);
      console.log(`   ${events.length.toLocaleString('en')} events committed, ${latencies.length.toLocaleString('en')} deliveries to channels`);
      console.log(`   commit to channel: p50 ${percentile(latencies, 50)} ms, p90 ${percentile(latencies, 90)} ms, p99 ${percentile(latencies, 99)} ms, max ${latencies.at(-1)} ms (goal: p99 under 250 ms)`);
      console.log(`   lost ${lost}, duplicated ${duplicated} (goal: 0 and 0)`);
    } finally {
      clients.forEach((client) => client.child.send({ close: true } satisfies ToClient));
      await Promise.all(apis.map(stop));
    }
  });
}

async function main(): Promise<void> {
  if (!fs.existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: npm run build -w @rigshare/server`);
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rigshare-bench-live-logs-'));
  console.log(`Machine: ${machineLine()}`);
  console.log(`Open files allowed a process: ${fs.readFileSync('/proc/self/limits', 'utf8').match(/Max open files\s+(\d+)/)?.[1]}; API logs in ${logDir}`);
  const clients = option('clients', 4);
  if (!process.argv.includes('--only-delivery')) await idleChannels(option('idle', 19_000), clients, logDir);
  if (!process.argv.includes('--only-idle')) await delivery(option('members', 1000), option('per-member', 5), option('rate', 1000), option('duration', 20), clients, logDir);
}

if (process.argv[2] === '--client') runClient();
else
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
