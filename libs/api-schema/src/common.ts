/**
 * The building blocks every route schema uses: the {code,msg,data} envelope, the error replies,
 * paging, ids, amounts and text. Plain JSON Schema (TypeBox 1.x), so Fastify validates with it,
 * @fastify/swagger turns it into OpenAPI 3.1 and the browser takes its types from it (Static<>).
 */
import { DEFAULT_PAGE_SIZE, REFUSED_CONTROL_CHARACTERS, REQUEST_ID_PATTERN } from '@rigshare/domain';
import Type, { type Static, type TSchema, type TUnsafe } from 'typebox';

export { Type };
export type { Static, TSchema };

/** The largest id PostgreSQL's INTEGER holds: bigger ids are refused at the edge, never sent to the database. */
export const MAX_ID = 2_147_483_647;
/** The deepest page a list serves; a bigger pageNum is refused (it would overflow the OFFSET). */
export const MAX_PAGE_NUM = 1_000_000;
export const MAX_PAGE_SIZE = 100;

/**
 * A message key of the server's catalogue to answer with when this field fails its schema (instead of
 * the generic "Invalid request"), so a refusal at the edge says what the service would have said.
 */
export const MESSAGE = 'x-message';

/** No NUL or other C0 control character but tab and line breaks (the rule of libs/domain, `hasRefusedControlCharacters`). */
const NO_CONTROL = `^[^${REFUSED_CONTROL_CHARACTERS}]*$`;

/** A form text field. Absent reads as '' (as the services expect), surrounding spaces are trimmed before validation. */
export const Text = (maxLength: number, options: Record<string, unknown> = {}) =>
  Type.String({ maxLength, pattern: NO_CONTROL, default: '', ...options });

/** A required id in a query string or form: 1 .. 2^31-1. */
export const Id = (options: Record<string, unknown> = {}) => Type.Integer({ minimum: 1, maximum: MAX_ID, ...options });

/** An amount the member types: digits with at most two decimals, at most 12 integer digits (fits BIGINT micro-units). */
export const AmountText = () =>
  Text(15, { [MESSAGE]: 'amountInvalid', description: 'Decimal text, at most two decimals ("12.5").', examples: ['100', '12.50'] });

/** Idempotency key of a money operation, kept across retries of one attempt. */
export const RequestId = () =>
  Text(64, { minLength: 8, pattern: REQUEST_ID_PATTERN.source, [MESSAGE]: 'requestIdInvalid', description: '8 to 64 letters, digits, dashes or underscores.' });

/** Integer micro-units as a decimal string ("12500000" = 12.5 USDT). */
export const Micro = (description?: string) => Type.String({ pattern: '^-?[0-9]+$', description: description ?? 'Integer micro-units as decimal text.' });
/** ISO 8601 UTC. */
export const Time = (description?: string) => Type.String({ description: description ?? 'ISO 8601 UTC.' });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * The paging of every list, member and staff, defined here once: `pageNum` 1..1 000 000 and `pageSize`
 * 1..100 (default 10, or the list's own). Both bounds hold for any text a client sends ("Infinity",
 * "1e309", 400 digits: the server's validator applies the bounds to what such text becomes), so the
 * server pages with them as they are: the deepest offset, 99 999 900, is far inside what SQLite and
 * PostgreSQL take.
 */
const pagingFields = (defaultPageSize: number) => ({
  pageNum: Type.Integer({ minimum: 1, maximum: MAX_PAGE_NUM, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: defaultPageSize }),
});
export const PagingQuery = Type.Object(pagingFields(DEFAULT_PAGE_SIZE));
export type PagingQuery = Static<typeof PagingQuery>;
/** A paged list's query (or form): pageNum and pageSize, and the list's own filters; `pageSize` the list's default page size. */
export const Paged = <P extends Record<string, TSchema>>(properties: P, { pageSize = DEFAULT_PAGE_SIZE }: { pageSize?: number } = {}) =>
  Type.Object({ ...pagingFields(pageSize), ...properties });

/**
 * A keyset cursor: the id of the last row of the page before, so within the id column's range like
 * any id (PostgreSQL's INTEGER); 0 asks for the first page.
 */
export const Cursor = (options: Record<string, unknown> = {}) => Type.Integer({ minimum: 0, maximum: MAX_ID, ...options });

export const Page = <T extends TSchema>(item: T) => Type.Object({ total: Type.Integer({ minimum: 0 }), list: Type.Array(item) });

/** A success reply: code 200, msg a localized "Success" (or what the route says it carries), and the data. */
export const Ok = <T extends TSchema>(data: T, msg = 'Localized "Success".') =>
  Type.Object({ code: Type.Literal(200), msg: Type.String({ description: msg }), data });

export const NoData = Type.Null();
/** The body of a POST that takes no fields. */
export const NoFields = Type.Object({});

/** A reply that is not JSON (a PDF, an image): documented with its media type; the route sends the bytes as they are. */
export const Binary = (mediaType: string, description: string) => Type.Unsafe<Uint8Array | string>(Type.String({ contentMediaType: mediaType, description }));

/** What each error status means in this API. */
export const ERROR_STATUSES = {
  400: 'Invalid request: a parameter is missing, malformed or out of range, or a rule refused it.',
  401: 'No session, or it expired: log in again.',
  403: 'Not allowed.',
  404: 'Not found (another member\'s object answers the same).',
  409: 'Conflicts with the current state (already done, changed meanwhile).',
  413: 'Body or file too large.',
  414: 'URI too long.',
  415: 'Unsupported media type.',
  429: 'Too many requests: wait and retry.',
  431: 'Request headers too large.',
  500: 'Server error.',
  503: 'Temporarily unavailable: retry.',
} as const;
export type ErrorStatus = keyof typeof ERROR_STATUSES;

export const ERROR_REPLY_ID = 'ErrorReply';

/**
 * The error catalogue: every refusal is this envelope, with the HTTP status as `code` and `msg` in the
 * caller's language (Language header). `data` is null, or says where to fix it ({ fix: "/user/address" }) and which field it concerns ({ field: "ifsc" }).
 */
export const ErrorReply = Type.Object(
  {
    code: Type.Unsafe<ErrorStatus>(Type.Integer({ minimum: 400, maximum: 599 })),
    msg: Type.String({ description: 'Translated message from the server catalogue.' }),
    data: Type.Union([Type.Null(), Type.Object({}, { additionalProperties: true })]),
  },
  { $id: 'ErrorReply', description: 'A refusal: the HTTP status repeated as code, msg in the member\'s language.' },
);
export type ErrorReply = Static<typeof ErrorReply>;



/** The error part of a route's `response`: 400, 429 and 500 always; the rest as the route can answer them. */
export function errors<S extends ErrorStatus = never>(...statuses: S[]): Record<400 | 429 | 500 | S, TUnsafe<ErrorReply>> {
  const all = [...new Set<ErrorStatus>([400, 429, 500, ...statuses])];
  // One shared schema (the server registers ErrorReply under its $id), referenced by every route.
  const entries = all.map((status) => [status, Type.Unsafe<ErrorReply>({ $ref: `${ERROR_REPLY_ID}#`, description: ERROR_STATUSES[status] })]);
  return Object.fromEntries(entries) as Record<400 | 429 | 500 | S, TUnsafe<ErrorReply>>;
}

/** The 401 a route behind the session check adds. */
export const AUTH = [401] as const;
