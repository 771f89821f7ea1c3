import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { buildApp } from '../src/app';
import { OPENAPI_FILE, openApiText } from '../src/cli/openapi';
import { translate } from '../src/i18n';
import { routesWithoutSchema, unboundedNumbers } from '../src/plugins/contract';
import { compileEveryReplySerializer } from '../src/plugins/schema-compilers';
import { asMember, getAs, MANY_MEMBERS, multipartBody, post, signedInMember, startApp, type TestContext, testDatabases, type TestMember } from './helpers';
import { buildRequest, operationKey, operationsOf, validInput, validSpec, type OpenApiDocument } from './schema-fuzz';

/** 2^63: one past the largest BIGINT; as pageNum it used to overflow OFFSET into a 500. */
const TWO_POW_63 = '9223372036854775808';

interface DocumentedOperation {
  operationId?: string;
  security?: Record<string, string[]>[];
}
interface OpenApiSpec {
  paths: Record<string, Record<string, DocumentedOperation>>;
  components?: { securitySchemes?: Record<string, unknown> };
}

/**
 * What keeps a generated client or the docs page from knowing an operation: no operationId, one that
 * another operation has too, no security (an open operation says `[]`), or a scheme the document lacks.
 */
function undocumentedOperations(spec: OpenApiSpec): string[] {
  const problems: string[] = [];
  const named = new Map<string, string>();
  const schemes = Object.keys(spec.components?.securitySchemes ?? {});
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const key = `${method.toUpperCase()} ${path}`;
      if (!op.operationId) problems.push(`${key}: no operationId`);
      else if (named.has(op.operationId)) problems.push(`${key}: operationId ${op.operationId} also names ${named.get(op.operationId)}`);
      else named.set(op.operationId, key);
      if (!Array.isArray(op.security)) problems.push(`${key}: no security`);
      for (const scheme of (op.security ?? []).flatMap(Object.keys)) if (!schemes.includes(scheme)) problems.push(`${key}: unknown security scheme ${scheme}`);
    }
  }
  return problems;
}

describe.each(testDatabases())('the API contract on %s', (_name, database) => {
  let ctx: TestContext;
  let member: TestMember;
  beforeAll(async () => {
    ctx = await startApp(database, MANY_MEMBERS);
    member = await signedInMember(ctx, '10');
  });
  afterAll(async () => ctx?.close());

  /** A refusal at the edge: 400 in the envelope with the catalogue's message in the caller's language. */
  function expectRefused(res: { statusCode: number; json(): unknown }, locale: 'en-US' | 'hi-IN' = 'en-US', key: Parameters<typeof translate>[1] = 'badRequest') {
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { code: 400, msg: translate(locale, key), data: null } });
  }

  it('declares a schema on every route, and the check finds a route without one', async () => {
    expect(routesWithoutSchema(ctx.app)).toEqual([]);
    expect(ctx.app.routeTable.length).toBeGreaterThan(60);

    const other = await buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock });
    other.get('/api/user/unschemed', async () => ({ code: 200, msg: 'ok', data: null }));
    other.post('/api/user/unschemed-post', { schema: { response: { 200: {}, 400: {} } } }, async () => null);
    await other.ready();
    expect(routesWithoutSchema(other)).toEqual(['GET /api/user/unschemed', 'POST /api/user/unschemed-post']);
    await other.close();
  });

  it('compiles the reply serializer of every route and status (they compile on first use, so a start no longer shows a broken one)', () => {
    expect(compileEveryReplySerializer(ctx.app.routeTable, ctx.app.getSchemas())).toBeGreaterThan(ctx.app.routeTable.length);
    const broken = { method: 'GET', url: '/api/user/broken', schema: { response: { 200: { type: 'object', properties: { a: { $ref: '#/definitions/nowhere' } } } } } };
    expect(() => compileEveryReplySerializer([broken])).toThrow();
  });

  it('bounds every number a route reads at both ends, and the check finds one that is not', async () => {
    expect(unboundedNumbers(ctx.app)).toEqual([]);
    const other = await buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock });
    const schema = {
      querystring: { type: 'object', properties: { after: { type: 'integer', minimum: 0 }, page: { type: 'integer', minimum: 1, maximum: 9 } } },
      body: {
        type: 'object',
        properties: { ids: { type: 'array', items: { anyOf: [{ type: 'null' }, { type: 'number', exclusiveMinimum: 0 }] } }, kind: { type: 'number', enum: [1, 2] } },
      },
      response: { 200: {}, 400: {} },
    };
    other.post('/api/user/unbounded', { schema }, async () => null);
    await other.ready();
    expect(unboundedNumbers(other)).toEqual(['POST /api/user/unbounded querystring.after', 'POST /api/user/unbounded body.ids[]|1']);
    await other.close();
  });

  it('names every operation once and documents the session each one needs, as its guard answers without one', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiSpec;
    expect(undocumentedOperations(spec)).toEqual([]);
    const broken: OpenApiSpec = {
      paths: { '/a': { get: { operationId: 'same', security: [] }, post: { operationId: 'same' } }, '/b': { get: { security: [{ nobody: [] }] } } },
      components: { securitySchemes: { memberSession: {} } },
    };
    expect(undocumentedOperations(broken)).toEqual(['POST /a: operationId same also names GET /a', 'POST /a: no security', 'GET /b: no operationId', 'GET /b: unknown security scheme nobody']);

    // A valid request without a token: the 401 "log in again" answers exactly the operations documented with a session.
    const sessionExpired = translate('en-US', 'sessionExpired');
    const mismatches: string[] = [];
    const ops = operationsOf(spec as unknown as OpenApiDocument, new Set());
    expect(ops.length).toBeGreaterThan(150);
    for (const [i, op] of ops.entries()) {
      const security = spec.paths[op.path][op.method.toLowerCase()].security ?? [];
      const [input] = fc.sample(validInput(op), { seed: 55, numRuns: 1 });
      const req = buildRequest(op, validSpec(op, input));
      // An address per request, so the per-address limits answer none of them.
      const res = await ctx.app.inject({ method: req.method as 'GET', url: req.url, headers: req.headers, payload: req.payload, remoteAddress: `10.55.${i >> 8}.${i & 255}` });
      const asksForSession = res.statusCode === 401 && res.json().msg === sessionExpired;
      if (asksForSession !== security.length > 0) mismatches.push(`${operationKey(op)}: documented ${JSON.stringify(security)}, answered ${res.statusCode} without a token`);
    }
    expect(mismatches).toEqual([]);
    const needs = (scheme: string) => ops.filter((op) => spec.paths[op.path][op.method.toLowerCase()].security?.some((s) => scheme in s)).length;
    expect(Math.min(needs('memberSession'), needs('staffSession'))).toBeGreaterThan(30);
  });

  it('derives the operationId and the security of a route from how it is registered', async () => {
    const other = await buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock });
    const schema = { response: { 200: {}, 400: {} } };
    const reply = async () => null;
    other.get('/api/user/members-only', { preHandler: other.authenticate, schema }, reply);
    other.post('/api/user/unfrozen/:id/do-it', { preHandler: [other.authenticate, other.refuseFrozen], schema }, reply);
    other.get('/api/user/open', { schema }, reply);
    other.get('/api/user/named', { schema: { ...schema, operationId: 'namedByItsSchema' } }, reply);
    other.get('/admin/finance-only', { config: { staffRoles: ['finance'] }, schema }, reply);
    await other.ready();
    const paths = (other.swagger() as unknown as OpenApiSpec).paths;
    const documented = (path: string, method: string) => ({ operationId: paths[path][method].operationId, security: paths[path][method].security });
    expect({
      member: documented('/api/user/members-only', 'get'),
      unfrozen: documented('/api/user/unfrozen/{id}/do-it', 'post'),
      open: documented('/api/user/open', 'get'),
      named: documented('/api/user/named', 'get'),
      staff: documented('/admin/finance-only', 'get'),
    }).toEqual({
      member: { operationId: 'getUserMembersOnly', security: [{ memberSession: [] }] },
      unfrozen: { operationId: 'postUserUnfrozenByIdDoIt', security: [{ memberSession: [] }] },
      open: { operationId: 'getUserOpen', security: [] },
      named: { operationId: 'namedByItsSchema', security: [] },
      staff: { operationId: 'getAdminFinanceOnly', security: [{ staffSession: ['admin', 'finance'] }] },
    });
    await other.close();
  });

  it.each([['Infinity'], ['-Infinity'], ['1e309'], ['400 digits', '9'.repeat(400)], ['2147483648']])('refuses %s as an id, a page and a cursor', async (_label, value = _label) => {
    for (const url of [`/api/orders/product/detail?id=${value}`, `/api/orders/product/list?pageNum=${value}`, `/api/comment/square/list?cursor=${value}`]) {
      expectRefused(await getAs(ctx, url, member.token));
    }
    expectRefused(await post(ctx.app, '/api/comment/thumbsUp/square', { squareId: value }, asMember(member.token)));
  });

  it('serves the OpenAPI 3.1 document and its UI at /api/docs', async () => {
    const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toBe('3.1.0');
    expect(spec.paths['/api/orders/product/list'].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['pageNum', 'pageSize']);
    expect(Object.keys(spec.paths['/api/assets/user/withdraw'].post.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
    // docs/openapi.json is what the schemas say (npm run openapi writes it); the browser's route types are
    // generated from it before every typecheck (libs/api-schema's generate target), so a stale document is stale types.
    expect(JSON.parse(fs.readFileSync(OPENAPI_FILE, 'utf8'))).toEqual(JSON.parse(await openApiText()));
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });

  it.each([
    '/api/orders/product/list',
    '/api/orders/coupon/all',
    '/api/orders/mine/order/record',
    '/api/orders/mine/order/subrecord?orderId=1&',
    '/api/receive/income/records',
    '/api/assets/user/record',
    '/api/assets/user/withrecord',
    '/api/assets/user/cashrecharge/list',
    '/api/assets/user/recharge/usdt/records',
  ])('refuses pageNum 2^63 on %s with 400 in the caller language', async (url) => {
    const sep = url.includes('?') ? '' : '?';
    const res = await getAs(ctx, `${url}${sep}pageNum=${TWO_POW_63}&pageSize=10`, member.token, { Language: 'hi_IN' });
    expectRefused(res, 'hi-IN');
  });

  it('still serves a normal page and the defaults', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/orders/product/list?pageNum=1&pageSize=2' });
    expect(page.json()).toMatchObject({ code: 200, data: { list: expect.any(Array) } });
    expect(page.json().data.list).toHaveLength(2);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/orders/product/list' })).json().code).toBe(200);
  });

  it('refuses a huge recharge amount with the amount message, before it reaches the database', async () => {
    const res = await post(
      ctx.app,
      '/api/assets/user/cashrecharge',
      { bankId: '1', amount: '99999999999999999999999', reference: 'REF-123456', requestId: 'fuzz-recharge-1' },
      asMember(member.token),
    );
    expectRefused(res, 'en-US', 'amountInvalid');
    const deposits = await ctx.db.kysely.selectFrom('cash_deposits').select('id').where('user_id', '=', member.id).execute();
    expect(deposits).toEqual([]);
  });

  it('refuses a repeated query parameter', async () => {
    expectRefused(await ctx.app.inject({ method: 'GET', url: '/api/orders/product/detail?id=1&id=2' }));
    expectRefused(await ctx.app.inject({ method: 'GET', url: '/api/orders/product/list?pageNum=1&pageNum=2' }));
  });

  it('refuses static/__proto__ and other names that are not artwork', async () => {
    expectRefused(await ctx.app.inject({ method: 'GET', url: '/api/user/static/__proto__' }));
    expectRefused(await ctx.app.inject({ method: 'GET', url: '/api/user/static/constructor.svg%00' }));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/static/banner-rent.svg' })).statusCode).toBe(200);
  });

  it('refuses a truncated multipart upload', async () => {
    const whole = multipartBody('avatar', 'a.png', 'image/png', Buffer.alloc(4096, 7));
    const cut = whole.payload.subarray(0, whole.payload.length - 200);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/user/user/modify-head', payload: cut, headers: { ...whole.headers, ...asMember(member.token) } });
    expectRefused(res);
  });

  it('refuses a NUL byte in a phone and in a file id', async () => {
    expectRefused(await post(ctx.app, '/api/user/auth/token/pass', { phone: '91234\u00005678', password: 'Member123' }));
    expectRefused(await post(ctx.app, '/api/user/user/isValidAccount', { phone: '9\u0000' }), 'en-US', 'phoneInvalid');
    expectRefused(await ctx.app.inject({ method: 'GET', url: '/api/user/files/abcdefgh%00ijkl' }));
  });

  it('refuses int64 overflow in product/detail and app/version/update', async () => {
    expectRefused(await ctx.app.inject({ method: 'GET', url: `/api/orders/product/detail?id=${TWO_POW_63}` }));
    expectRefused(await ctx.app.inject({ method: 'GET', url: `/api/user/app/version/update?platform=ANDROID&code=${TWO_POW_63}` }));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/app/version/update?platform=ANDROID&code=1' })).json().code).toBe(200);
  });

  it('keeps the services\' own messages for fields they check (an empty form reads as empty fields)', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/user/user/modify-name', headers: asMember(member.token) });
    expect(res.json()).toEqual({ code: 400, msg: translate('en-US', 'nameInvalid'), data: null });
    const trimmed = await post(ctx.app, '/api/user/user/modify-name', { name: '  Asha  ' }, asMember(member.token));
    expect(trimmed.json().code).toBe(200);
    expect((await getAs(ctx, '/api/user/user/info', member.token)).json().data.name).toBe('Asha');
  });

  it('answers a path parameter over the length limit with 414 in the envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/user/files/${'a'.repeat(200)}`, headers: { Language: 'hi_IN' } });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 414, body: { code: 414, msg: translate('hi-IN', 'uriTooLong'), data: null } });
  });
});

describe('headers too large', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startApp(testDatabases()[0][1]);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => ctx?.close());

  it('answers 431 in the envelope', async () => {
    const { port } = ctx.app.server.address() as AddressInfo;
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(`GET /api/orders/product/list HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 431 /);
    const body = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({ code: 431, msg: translate('en-US', 'headersTooLarge'), data: null });
  });
});
