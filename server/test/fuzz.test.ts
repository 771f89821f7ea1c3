import fs from 'node:fs';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { generateSync } from 'otplib';
import { OPENAPI_FILE } from '../src/cli/openapi';
import { createStaff } from '../src/features/staff';
import { checkLedger } from '../src/ledger/check';
import { asMember, login, MANY_MEMBERS, post, signedInMember, startApp, testDatabases, type TestContext, type TestMember } from './helpers';
import { buildRequest, hostileSpecs, mutatedSpec, operationKey, operationsOf, validInput, type BuiltRequest, type OpenApiDocument, type Operation } from './schema-fuzz';

/**
 * Every operation of docs/openapi.json, as a member and as staff (admin, who may run every /admin
 * route), with valid inputs and hostile ones (schema-fuzz.ts): no answer may be a 5xx, on either
 * database. The seed is fixed, so a run in CI fails only on what the code changed; explore others with
 * FUZZ_SEED=<n> (or FUZZ_SEED=random) and FUZZ_RUNS=<random requests an operation, 20>, and replay a
 * failure with the seed it printed.
 */
const SEED = process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? 12345);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const STAFF_PASSWORD = 'staff-password-123';

jest.setTimeout(600_000);

/** A seed of its own per operation, so one operation's requests do not change when another's do. */
function seedOf(op: Operation): number {
  let h = SEED;
  for (const c of operationKey(op)) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
}

interface ServerFailure {
  status: number;
  operation: string;
  variant: string;
  request: string;
  error: string;
}

describe.each(testDatabases())('schema-driven fuzz of every operation on %s', (_name, database) => {
  let ctx: TestContext;
  let member: TestMember;
  let staffSecret = '';
  let staffToken = '';
  let errors = '';

  async function staffSession(): Promise<string> {
    ctx.advance(31_000); // a TOTP code is accepted once: the next 30 s step
    const code = generateSync({ secret: staffSecret, epoch: Math.floor(ctx.clock().getTime() / 1000) });
    const res = await post(ctx.app, '/admin/session', { login: 'fuzz-admin', password: STAFF_PASSWORD, code });
    expect(res.json()).toMatchObject({ code: 200 });
    return res.json().data.token;
  }

  /** A fuzzed request may log the member or staff out (logout is an operation too): sign in again. */
  async function keepSessions(): Promise<void> {
    if ((await ctx.app.inject({ method: 'GET', url: '/api/user/user/info', headers: asMember(member.token) })).statusCode === 401) {
      member.token = await login(ctx, member.phone, 'Member123');
    }
    if ((await ctx.app.inject({ method: 'GET', url: '/admin/me', headers: asMember(staffToken) })).statusCode === 401) staffToken = await staffSession();
  }

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        errors += chunk.toString();
        done();
      },
    });
    ctx = await startApp(
      database,
      { ...MANY_MEMBERS, staff: { fourEyesThreshold: 50_000_000n, idleMinutes: 30, totpKey: 'a test key of at least thirty-two characters' } },
      { logger: { level: 'error', stream } },
    );
    member = await signedInMember(ctx, '1000');
    const staff = await createStaff(ctx.db.kysely, { login: 'fuzz-admin', role: 'admin', password: STAFF_PASSWORD, totpKey: ctx.config.staff.totpKey, by: 'fuzz', at: ctx.clock() });
    staffSecret = new URL(staff.otpauthUri).searchParams.get('secret')!;
    staffToken = await staffSession();
    // Something for the ids to find: a Passed post with a comment, a pending one.
    for (const content of ['A first report from the rig farm today', 'A second report from the rig farm today']) {
      expect((await post(ctx.app, '/api/comment/square/addText', { content }, asMember(member.token))).json().code).toBe(200);
    }
    expect((await ctx.app.inject({ method: 'POST', url: '/admin/posts/1/pass', headers: asMember(staffToken), payload: {} })).json().code).toBe(200);
    expect((await post(ctx.app, '/api/comment/comment/text', { squareId: '1', content: 'Nice rig' }, asMember(member.token))).json().code).toBe(200);
  });
  afterAll(async () => ctx?.close());

  /** The operations of the document, and which of them are uploads. */
  function operations(): Operation[] {
    const doc = JSON.parse(fs.readFileSync(OPENAPI_FILE, 'utf8')) as OpenApiDocument;
    const uploads = new Set(
      ctx.app.routeTable
        .filter((r) => (r.schema as { consumes?: string[] } | undefined)?.consumes?.includes('multipart/form-data'))
        .flatMap((r) => [r.method].flat().map((m) => `${m} ${r.url.replace(/:([A-Za-z]+)/g, '{$1}')}`)),
    );
    expect(uploads.size).toBeGreaterThan(0);
    return operationsOf(doc, uploads);
  }

  it('refuses out-of-range paging with 400 on every list, member and staff', async () => {
    const lists = operations().filter((op) => [...op.query, ...(op.body ?? [])].some((f) => f.name === 'pageNum'));
    expect(lists.length).toBeGreaterThan(30);
    const probes: [Operation, string][] = lists.flatMap((op) =>
      ['pageNum=Infinity', 'pageSize=1e309', `pageSize=${'9'.repeat(400)}`, 'pageNum=-0', 'pageSize=0'].map((q): [Operation, string] => [op, q]),
    );
    const feed = lists.find((op) => op.path === '/api/comment/square/list')!;
    const audit = lists.find((op) => op.path === '/admin/audit')!;
    probes.push([feed, 'cursor=Infinity'], [feed, 'cursor=9223372036854775808'], [feed, 'cursor=2147483648'], [audit, 'member=Infinity'], [audit, 'member=2147483648']);
    /** A list's request with `paging` and its other required fields (ids, a floor) set to 1. */
    const ask = (op: Operation, paging: string) => {
      const fields = { ...Object.fromEntries([...op.query, ...(op.body ?? [])].filter((f) => f.required).map((f) => [f.name, '1'])), ...Object.fromEntries(new URLSearchParams(paging)) };
      const headers = asMember(op.path.startsWith('/admin/') ? staffToken : member.token);
      if (op.method === 'POST') return post(ctx.app, op.path, fields, headers);
      return ctx.app.inject({ method: 'GET', url: `${op.path}?${new URLSearchParams(fields)}`, headers });
    };
    const answers: string[] = [];
    for (const [op, paging] of probes) answers.push(`${(await ask(op, paging)).statusCode} ${op.method} ${op.path}?${paging.slice(0, 30)}`);
    expect(answers.filter((a) => !a.startsWith('400 '))).toEqual([]);
    // The bounds themselves still serve (a list of one order's days answers 404: the member has no order 1).
    for (const op of lists) {
      const res = await ask(op, 'pageNum=1000000&pageSize=100');
      expect([op.path, res.statusCode]).toEqual([op.path, op.path === '/api/orders/mine/order/subrecord' ? 404 : 200]);
    }
  });

  it(`answers no request with a 5xx (seed ${SEED}, ${RUNS} random requests an operation)`, async () => {
    const routes = new Set(ctx.app.routeTable.flatMap((r) => [r.method].flat().map((m) => `${m} ${r.url.replace(/:([A-Za-z]+)/g, '{$1}')}`)));
    const ops = operations();
    // The document is the server's (contract.test.ts holds it current): every operation is a route.
    expect(ops.filter((op) => !routes.has(operationKey(op)))).toEqual([]);
    expect(ops.length).toBeGreaterThan(150);

    const failures: ServerFailure[] = [];
    /** Per operation, how many requests got each status. */
    const statuses = new Map<string, Map<number, number>>();
    let sent = 0;
    for (const op of ops) {
      const seed = seedOf(op);
      const admin = op.path.startsWith('/admin/');
      const [base] = fc.sample(validInput(op), { seed, numRuns: 1 });
      const specs = [...hostileSpecs(op, base, admin), ...fc.sample(mutatedSpec(op), { seed: seed + 1, numRuns: RUNS })];
      for (const spec of specs) {
        const req = buildRequest(op, spec);
        const before = errors.length;
        const res = await send(req, admin);
        sent++;
        const seen = statuses.get(operationKey(op)) ?? new Map<number, number>();
        statuses.set(operationKey(op), seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1));
        // A logout among the operation's requests: the rest of them get a session again.
        if (res.statusCode === 401 && !req.anonymous && !req.headers['x-access-token']) await keepSessions();
        if (res.statusCode >= 500) failures.push({ status: res.statusCode, operation: operationKey(op), variant: req.variant, request: describeRequest(req), error: loggedError(errors.slice(before)) });
      }
      await keepSessions();
    }

    function send(req: BuiltRequest, admin: boolean) {
      const token = admin ? staffToken : member.token;
      return ctx.app.inject({
        method: req.method as 'GET',
        url: req.url,
        headers: { ...(req.anonymous ? {} : asMember(token)), ...req.headers },
        payload: req.payload,
        // Each request from an address of its own: the per-address limits would otherwise refuse most of them before they reach a handler.
        remoteAddress: `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
      });
    }

    const byOperation = new Map<string, number>();
    for (const f of failures) byOperation.set(`${f.status} ${f.operation}`, (byOperation.get(`${f.status} ${f.operation}`) ?? 0) + 1);
    const report = [
      `${failures.length} of ${sent} requests answered 5xx (FUZZ_SEED=${SEED} replays this run)`,
      ...[...byOperation].map(([k, n]) => `  ${n} x ${k}`),
      ...failures.slice(0, 60).map((f) => `${f.status} ${f.operation} [${f.variant}] ${f.request}\n    ${f.error}`),
    ].join('\n');
    if (process.env.FUZZ_REPORT) {
      const answers = [...statuses].map(([op, seen]) => `${op}\t${[...seen].sort(([a], [b]) => a - b).map(([status, n]) => `${status}x${n}`).join(' ')}`);
      fs.writeFileSync(process.env.FUZZ_REPORT, `${report}\n\n${failures.map((f) => `${f.status}\t${f.operation}\t${f.variant}\t${f.error}`).join('\n')}\n\n${answers.join('\n')}\n`);
    }
    expect(failures.length === 0 ? 'no 5xx' : report).toBe('no 5xx');
    // Whatever the requests did, the money still adds up.
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });
});

function describeRequest(req: BuiltRequest): string {
  const payload = req.payload === undefined ? '' : ` ${req.headers['content-type'] ?? '(no type)'} ${JSON.stringify(req.payload.toString().slice(0, 160))}`;
  return `${req.method} ${req.url.slice(0, 200)}${payload}`;
}

/** The error the server logged for a request (pino JSON lines), for the report. */
function loggedError(lines: string): string {
  for (const line of lines.split('\n')) {
    if (!line) continue;
    try {
      const entry = JSON.parse(line) as { err?: { type?: string; message?: string; code?: string } };
      if (entry.err) return `${entry.err.type ?? 'Error'}${entry.err.code ? ` ${entry.err.code}` : ''}: ${(entry.err.message ?? '').slice(0, 200)}`;
    } catch {
      // not a JSON line
    }
  }
  return '(nothing logged)';
}
