/**
 * A fuzzer driven by the API's own contract (docs/openapi.json): for each operation it builds requests
 * from the operation's parameter and body schemas, valid ones (fast-check arbitraries from the schemas,
 * so they reach the handlers) and malformed ones (each field in turn replaced by hostile values, fields
 * missing or extra, bodies that are not what the route reads), and sends them through `inject`.
 * fuzz.test.ts drives it and asserts no answer is a 5xx.
 */
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}

interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface Field {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

export interface Operation {
  method: string;
  /** The path as OpenAPI writes it: /admin/recharges/{id}/confirm. */
  path: string;
  pathParams: Field[];
  query: Field[];
  /** The JSON body's fields; null when the operation takes no body. */
  body: Field[] | null;
  /** A multipart upload (Fastify's `consumes`): its parts are not in the document. */
  multipart: boolean;
}

export const operationKey = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;

/** Every operation of the document; `multipart` says which ones Fastify reads as multipart/form-data. */
export function operationsOf(doc: OpenApiDocument, multipart: Set<string>): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      const fields = (where: OpenApiParameter['in']) =>
        params.filter((p) => p.in === where).map((p) => ({ name: p.name, schema: p.schema, required: p.required === true || where === 'path' }));
      const bodySchema = op.requestBody ? Object.values(op.requestBody.content)[0].schema : null;
      const body = bodySchema
        ? Object.entries(bodySchema.properties ?? {}).map(([name, schema]) => ({ name, schema, required: (bodySchema.required ?? []).includes(name) }))
        : null;
      const upper = method.toUpperCase();
      ops.push({ method: upper, path, pathParams: fields('path'), query: fields('query'), body, multipart: multipart.has(`${upper} ${path}`) });
    }
  }
  return ops;
}

// ---------------------------------------------------------------------------------------------------
// Valid values: an arbitrary per schema.

const LONG_TEXT_CAP = 40;

function integerArbitrary(s: JsonSchema): fc.Arbitrary<number> {
  const min = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : (s.minimum ?? -(2 ** 31));
  const max = s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : (s.maximum ?? 2 ** 31 - 1);
  // Small values are the ones that name rows that exist (ids, pages): favour them.
  const low = Math.max(min, Math.min(max, 0));
  return fc.oneof({ weight: 3, arbitrary: fc.integer({ min: low, max: Math.min(max, low + 20) }) }, { weight: 1, arbitrary: fc.integer({ min, max }) });
}

function stringArbitrary(s: JsonSchema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? LONG_TEXT_CAP, LONG_TEXT_CAP));
  if (s.format === 'date-time') {
    return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
  }
  // Text fields only forbid control characters: any printable text of the right length.
  if (!s.pattern || s.pattern.startsWith('^[^\\u0000')) return fc.string({ minLength, maxLength, unit: 'grapheme' }).filter((t) => [...t].length <= (s.maxLength ?? Infinity));
  const re = new RegExp(s.pattern);
  return fc.stringMatching(re, { size: 'small' }).filter((t) => t.length >= minLength && t.length <= (s.maxLength ?? Infinity));
}

/** A value the schema accepts. */
export function validValue(s: JsonSchema): fc.Arbitrary<unknown> {
  if (s.anyOf || s.oneOf) return fc.oneof(...(s.anyOf ?? s.oneOf ?? []).map(validValue));
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'integer':
      return integerArbitrary(s);
    case 'number':
      return fc.double({ min: s.minimum ?? -1e9, max: s.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(s.items ?? {}), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 3, 3) });
    case 'object':
      return fc.record(Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, validValue(v)])));
    case 'string':
    default:
      return stringArbitrary(s);
  }
}

/** Values for every field of a list: required ones always, optional ones sometimes. */
export function validFields(fields: Field[]): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(
    Object.fromEntries(fields.map((f) => [f.name, validValue(f.schema)])),
    { requiredKeys: fields.filter((f) => f.required).map((f) => f.name) },
  );
}

// ---------------------------------------------------------------------------------------------------
// Hostile values.

const DIGITS_400 = '9'.repeat(400);

/** Text that numbers, ids, pages, cursors and strings must refuse or bear: each field gets every one. */
export const HOSTILE_TEXT: readonly string[] = [
  'Infinity',
  '-Infinity',
  'NaN',
  '-0',
  '1e309',
  '-1e309',
  DIGITS_400,
  `-${DIGITS_400}`,
  '9223372036854775808',
  '-9223372036854775809',
  '9223372036854775807',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x1F',
  ' 7 ',
  '',
  'true',
  'null',
  '[]',
  '{}',
  'a\u0000b',
  '\u001b[2J\u001b[32mAPPROVED OK\r\n#999',
  '\u202Eevil',
  '\uD800',
  '😀'.repeat(40),
  'ﷺ́̈ं',
  "' OR 1=1 --",
  '%',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'x'.repeat(5000),
  'y'.repeat(100_000),
];

/** JSON tokens of other types and numbers JSON.parse turns into what a schema may not expect. */
export const HOSTILE_JSON: readonly string[] = [
  '1e309',
  '-1e309',
  DIGITS_400,
  '9223372036854775808',
  '-0',
  '1.5',
  '-1',
  '0',
  'true',
  'null',
  '[]',
  '[1,2]',
  '["a","b"]',
  '{}',
  '{"$gt":""}',
  '{"__proto__":{"admin":true}}',
];

// ---------------------------------------------------------------------------------------------------
// Requests.

export type BodySpec =
  | { kind: 'json'; fields: Record<string, unknown>; raw?: Record<string, string> }
  | { kind: 'form'; fields: Record<string, unknown> }
  | { kind: 'raw'; contentType: string | null; payload: string | Buffer }
  | { kind: 'none' };

export interface RequestSpec {
  variant: string;
  path: Record<string, string>;
  /** Query pairs as sent (a name may repeat). */
  query: [string, string][];
  body: BodySpec;
  headers?: Record<string, string>;
  /** Appended to the query string as it is (percent-escapes that decode to no text). */
  rawQuery?: string;
  /** Send no session token. */
  anonymous?: boolean;
}

export interface BuiltRequest {
  variant: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  anonymous: boolean;
}

/** Percent-encodes the UTF-8 bytes of a text (a lone surrogate becomes U+FFFD, as a browser sends it). */
const percentEncode = (text: string) => [...Buffer.from(text, 'utf8')].map((b) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');

const asText = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

/** Query pairs of values: arrays repeat the name, as a browser's form would. */
export function pairsOf(values: Record<string, unknown>): [string, string][] {
  return Object.entries(values).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, asText(x)] as [string, string]) : [[k, asText(v)] as [string, string]]));
}

export function buildRequest(op: Operation, spec: RequestSpec): BuiltRequest {
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => percentEncode(spec.path[name] ?? ''));
  const qs = [new URLSearchParams(spec.query).toString(), spec.rawQuery ?? ''].filter(Boolean).join('&');
  const headers: Record<string, string> = { ...spec.headers };
  let payload: string | Buffer | undefined;
  const body = spec.body;
  if (body.kind === 'json') {
    const parts = Object.entries(body.fields).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
    for (const [k, token] of Object.entries(body.raw ?? {})) parts.push(`${JSON.stringify(k)}:${token}`);
    payload = `{${parts.join(',')}}`;
    headers['content-type'] = 'application/json';
  } else if (body.kind === 'form') {
    payload = new URLSearchParams(pairsOf(body.fields)).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (body.kind === 'raw') {
    payload = body.payload;
    if (body.contentType !== null) headers['content-type'] = body.contentType;
  }
  return { variant: spec.variant, method: op.method, url: qs ? `${path}?${qs}` : path, headers, payload, anonymous: spec.anonymous === true };
}

/** One valid set of inputs of an operation: path, query and body values. */
export interface ValidInput {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  /** JSON or form for the body. */
  json: boolean;
}

export function validInput(op: Operation): fc.Arbitrary<ValidInput> {
  return fc.record({
    path: validFields(op.pathParams),
    query: validFields(op.query),
    body: validFields(op.body ?? []),
    json: fc.boolean(),
  });
}

const stringsOf = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, asText(v)]));

export function validSpec(op: Operation, input: ValidInput, variant = 'valid'): RequestSpec {
  const body: BodySpec = op.body === null ? { kind: 'none' } : input.json ? { kind: 'json', fields: input.body } : { kind: 'form', fields: input.body };
  return { variant, path: stringsOf(input.path), query: pairsOf(input.query), body };
}

const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';
const part = (name: string, value: string | Buffer, filename?: string, type = 'image/png') =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename !== undefined ? `; filename="${filename}"` : ''}\r\n${filename !== undefined ? `Content-Type: ${type}\r\n` : ''}\r\n`,
    ),
    Buffer.isBuffer(value) ? value : Buffer.from(value),
    Buffer.from('\r\n'),
  ]);
const multipartOf = (...parts: Buffer[]) => Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
const MULTIPART = `multipart/form-data; boundary=${boundary}`;

/** A PNG signature and header with nothing a decoder can use after it. */
const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

/** Bodies an upload route must refuse (or bear) without a 5xx: the parts the document cannot describe. */
function multipartVariants(): { variant: string; body: BodySpec }[] {
  const text = 'A long enough feedback text about a withdrawal that did not arrive yesterday';
  const variants: [string, string | null, string | Buffer][] = [
    ['multipart: no parts', MULTIPART, `--${boundary}--\r\n`],
    ['multipart: empty body', MULTIPART, ''],
    ['multipart: no boundary parameter', 'multipart/form-data', multipartOf(part('content', text))],
    ['multipart: boundary mismatch', 'multipart/form-data; boundary=other', multipartOf(part('content', text))],
    ['multipart: truncated', MULTIPART, multipartOf(part('avatar', PNG_HEAD, 'a.png')).subarray(0, 90)],
    ['multipart: no closing boundary', MULTIPART, part('content', text)],
    ['multipart: garbage file', MULTIPART, multipartOf(part('content', text), part('avatar', Buffer.alloc(300, 0x41), 'a.png'), part('file', Buffer.alloc(300, 0x41), 'a.png'), part('images', Buffer.alloc(300, 0x41), 'a.png'))],
    ['multipart: PNG header only', MULTIPART, multipartOf(part('content', text), part('avatar', PNG_HEAD, 'a.png'), part('file', PNG_HEAD, 'b.png'), part('images', PNG_HEAD, 'c.png'))],
    ['multipart: empty files', MULTIPART, multipartOf(part('content', text), part('avatar', Buffer.alloc(0), 'a.png'), part('file', Buffer.alloc(0), 'b.png'), part('images', Buffer.alloc(0), 'c.png'))],
    ['multipart: traversal file name', MULTIPART, multipartOf(part('content', text), part('file', PNG_HEAD, '../../../etc/passwd'), part('avatar', PNG_HEAD, '..\\..\\boot.ini'))],
    ['multipart: unknown parts only', MULTIPART, multipartOf(part('zzz', 'x'), part('other', Buffer.alloc(10), 'x.bin', 'application/octet-stream'))],
    ['multipart: many parts', MULTIPART, multipartOf(...Array.from({ length: 30 }, (_, i) => part(`f${i}`, `v${i}`)))],
    ['multipart: many files', MULTIPART, multipartOf(...Array.from({ length: 12 }, (_, i) => part('images', PNG_HEAD, `${i}.png`)))],
    ['multipart: control characters in fields', MULTIPART, multipartOf(part('content', `\u001b[2J${text}\r\n#999`), part('phone', '9\u0000'), part('videoUrl', 'javascript:alert(1)'))],
    ['multipart: huge field', MULTIPART, multipartOf(part('content', 'z'.repeat(200_000)))],
    ['multipart: field repeated', MULTIPART, multipartOf(part('content', text), part('content', text), part('phone', '1'), part('phone', '2'))],
    ['multipart: bad header in a part', MULTIPART, Buffer.from(`--${boundary}\r\nContent-Disposition: nonsense\r\n\r\nx\r\n--${boundary}--\r\n`)],
  ];
  return variants.map(([variant, contentType, payload]) => ({ variant, body: { kind: 'raw', contentType, payload } }));
}

/** Bodies that are not what a JSON or form route reads. */
const BODY_SHAPES: [string, string | null, string | Buffer][] = [
  ['malformed JSON: cut short', 'application/json', '{"a":'],
  ['malformed JSON: bare bracket', 'application/json', '['],
  ['JSON: a string', 'application/json', '"text"'],
  ['JSON: a number', 'application/json', '1e309'],
  ['JSON: null', 'application/json', 'null'],
  ['JSON: an array', 'application/json', '[1,2,3]'],
  ['JSON: deeply nested', 'application/json', `${'['.repeat(20_000)}${']'.repeat(20_000)}`],
  ['JSON: __proto__ key', 'application/json', '{"__proto__":{"isAdmin":true}}'],
  ['JSON: constructor.prototype', 'application/json', '{"constructor":{"prototype":{"isAdmin":true}}}'],
  ['JSON: UTF-16 charset', 'application/json; charset=utf-16', '{}'],
  ['JSON: invalid UTF-8', 'application/json', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
  ['empty JSON body', 'application/json', ''],
  ['form: bad percent-encoding', 'application/x-www-form-urlencoded', '%zz=%%&a=%E0%A4%A'],
  ['form: bracket names', 'application/x-www-form-urlencoded', 'a[b]=1&a[]=2&__proto__[x]=1'],
  ['text/plain', 'text/plain', 'hello'],
  ['application/xml', 'application/xml', '<a>1</a>'],
  ['octet-stream', 'application/octet-stream', Buffer.alloc(64, 1)],
  ['no content type', null, '{"a":1}'],
  ['body over the limit', 'application/json', `{"a":"${'b'.repeat(1_100_000)}"}`],
];

/** A request that must not answer 5xx: every hostile variant of one operation, around one valid input. */
export function hostileSpecs(op: Operation, base: ValidInput, admin: boolean): RequestSpec[] {
  const valid = validSpec(op, base);
  const specs: RequestSpec[] = [valid, { ...valid, variant: 'no session', anonymous: true }];
  const withQuery = (variant: string, query: [string, string][]): RequestSpec => ({ ...valid, variant, query });
  const withPath = (variant: string, name: string, value: string): RequestSpec => ({ ...valid, variant, path: { ...valid.path, [name]: value } });
  const jsonBody = (variant: string, fields: Record<string, unknown>, raw?: Record<string, string>): RequestSpec => ({ ...valid, variant, body: { kind: 'json', fields, raw } });

  for (const f of op.pathParams) {
    for (const value of [...HOSTILE_TEXT.filter((t) => t.length < 200), '..', '%2e%2e', 'a/b']) specs.push(withPath(`path ${f.name}=${label(value)}`, f.name, value));
  }
  const query = pairsOf(base.query);
  for (const f of op.query) {
    const others = query.filter(([k]) => k !== f.name);
    for (const value of HOSTILE_TEXT) specs.push(withQuery(`query ${f.name}=${label(value)}`, [...others, [f.name, value]]));
    specs.push(withQuery(`query ${f.name} repeated`, [...others, [f.name, '1'], [f.name, '2']]));
    specs.push(withQuery(`query ${f.name}[]`, [...others, [`${f.name}[]`, '1']]));
    if (f.required) specs.push(withQuery(`query without ${f.name}`, others));
  }
  if (op.query.length) specs.push({ ...valid, variant: 'query: escapes of no text', rawQuery: op.query.map((f) => `${f.name}=%ED%A0%80%zz%`).join('&') });
  specs.push(withQuery('query extra field', [...query, ['extra', 'x'], ['__proto__', '1'], ['constructor', '{}']]));

  if (op.body !== null && !op.multipart) {
    for (const f of op.body) {
      const { [f.name]: _dropped, ...others } = base.body;
      for (const value of HOSTILE_TEXT) specs.push(jsonBody(`body ${f.name}="${label(value)}"`, { ...others, [f.name]: value }));
      for (const token of HOSTILE_JSON) specs.push(jsonBody(`body ${f.name}=${label(token)}`, others, { [f.name]: token }));
      specs.push({ ...valid, variant: `form ${f.name} repeated`, body: { kind: 'form', fields: { ...others, [f.name]: ['1', '2'] } } });
      if (f.required) specs.push(jsonBody(`body without ${f.name}`, others));
    }
    specs.push(jsonBody('body extra fields', { ...base.body, extra: 'x', id: 1, userId: 1, role: 'admin' }));
    specs.push({ ...valid, variant: 'no body', body: { kind: 'none' } });
  }
  const shapes = op.multipart ? multipartVariants() : BODY_SHAPES.map(([variant, contentType, payload]) => ({ variant, body: { kind: 'raw', contentType, payload } as BodySpec }));
  if (op.method !== 'GET' && op.method !== 'DELETE') for (const s of shapes) specs.push({ ...valid, ...s });
  if (op.multipart) specs.push({ ...valid, variant: 'JSON to an upload', body: { kind: 'json', fields: { content: 'x', avatar: 'x' } } });

  specs.push({ ...valid, variant: 'bad Language header', headers: { language: '../../x'.repeat(50) } });
  specs.push({ ...valid, variant: 'garbage session token', anonymous: true, headers: { 'x-access-token': `${'%00'.repeat(10)}${'z'.repeat(4000)}` } });
  if (admin) specs.push({ ...valid, variant: 'session token as a number', anonymous: true, headers: { 'x-access-token': '1e309' } });
  return specs;
}

/** A short printable name of a hostile value for the report. */
export function label(value: string): string {
  const printable = JSON.stringify(value).slice(1, -1);
  return printable.length > 24 ? `${printable.slice(0, 12)}…(${value.length} chars)` : printable;
}

/** Random requests: a valid input with a few fields replaced by anything (types, numbers, text, JSON). */
export function mutatedSpec(op: Operation): fc.Arbitrary<RequestSpec> {
  const names = [...op.pathParams.map((f) => `path:${f.name}`), ...op.query.map((f) => `query:${f.name}`), ...(op.multipart ? [] : (op.body ?? []).map((f) => `body:${f.name}`))];
  const anyValue = fc.oneof(
    fc.constantFrom(...HOSTILE_TEXT),
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc.integer().map(String),
    fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
    fc.double().map(String),
    fc.jsonValue({ maxDepth: 2 }),
  );
  const mutation = names.length ? fc.tuple(fc.constantFrom(...names), fc.option(anyValue, { freq: 5 })) : fc.constant(null);
  return fc.tuple(validInput(op), fc.array(mutation, { maxLength: 3 })).map(([input, mutations]) => {
    const spec = validSpec(op, input, 'random');
    const labels: string[] = [];
    const path = { ...spec.path };
    const query = new Map(spec.query);
    const body = { ...input.body };
    for (const m of mutations) {
      if (m === null) continue;
      const [where, value] = m;
      const [kind, name] = where.split(':');
      labels.push(`${name}=${value === null ? '(absent)' : label(asText(value))}`);
      if (kind === 'path') path[name] = value === null ? '' : asText(value);
      else if (kind === 'query') {
        if (value === null) query.delete(name);
        else query.set(name, asText(value));
      } else if (value === null) delete body[name];
      else body[name] = value;
    }
    const bodySpec: BodySpec = op.body === null ? { kind: 'none' } : input.json ? { kind: 'json', fields: body } : { kind: 'form', fields: body };
    return { variant: `random ${labels.join(' ') || 'valid'}`, path, query: [...query], body: bodySpec };
  });
}
