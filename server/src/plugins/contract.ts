import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
// Brings `websocket` into Fastify's route options (read below), wherever this file is compiled.
import type {} from '@fastify/websocket';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorReply } from '@rigshare/api-schema';
import { APP_VERSION, hasRefusedControlCharacters } from '@rigshare/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import { AppError } from '../errors';
import { documentOperation, SECURITY_SCHEMES } from './operation-docs';

/** The same instance, its routes taking their request and reply types from their TypeBox schemas. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<TypeBoxTypeProvider>();

export const DOCS_PREFIX = '/api/docs';

/**
 * Ajv as Fastify configures it, plus the one annotation our schemas carry (the message key of a refused
 * field), and `strictNumbers` off. Query strings and forms are text that Ajv coerces to the schema's
 * type, and it coerces "Infinity", "1e309" or 400 digits to a number that is not finite; with
 * `strictNumbers` on (Ajv's default) it then skips every numeric keyword for that value, so
 * `pageNum=Infinity` passed `maximum: 1000000` and reached the database (a 500). Off, `minimum` and
 * `maximum` apply to whatever the text became, and every number a route reads has both
 * (`unboundedNumbers`, checked by the contract test), so no such value passes.
 */
export const AJV_OPTIONS: FastifyServerOptions['ajv'] = { customOptions: { keywords: ['x-message'], strictNumbers: false } };

/** Every route as registered, for the test that fails when one has no schema. */
declare module 'fastify' {
  interface FastifyInstance {
    routeTable: (Pick<RouteOptions, 'method' | 'url' | 'schema'> & { websocket?: boolean })[];
  }
}

/**
 * The edge of the API: every route's schema validates the request before a handler sees it, and
 * describes the reply. Form fields keep what the hand-written reads did: surrounding spaces trimmed,
 * an absent body read as an empty form (the schema's defaults then fill absent fields with '').
 * OpenAPI 3.1 comes from the same schemas: JSON at /api/docs/json, a UI at /api/docs.
 */
/** A form's text fields without their surrounding spaces; an absent body read as an empty form. */
function trimFormBody(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (request.isMultipart()) return done();
  if (request.body === undefined || request.body === null) request.body = {};
  const body = request.body;
  if (typeof body === 'object' && !Array.isArray(body)) {
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      if (typeof value === 'string') (body as Record<string, unknown>)[key] = value.trim();
    }
  }
  done();
}

/**
 * A text field of a multipart form, read as the schemas read a form's fields: surrounding spaces trimmed,
 * and refused with their 400 "Invalid request" when it holds a control character no text field takes
 * (`Text` of libs/api-schema, the rule of libs/domain). A multipart body carries files, so it is read
 * part by part (features/files, `readImageForm`) and no schema sees its text fields: each goes through here.
 */
export function multipartText(value: unknown): string {
  const text = String(value ?? '').trim();
  if (hasRefusedControlCharacters(text)) throw new AppError(400, 'badRequest');
  return text;
}

export async function registerContract(app: FastifyInstance): Promise<void> {
  app.decorate('routeTable', []);
  app.addSchema(ErrorReply);
  app.addHook('onRoute', (route) => {
    app.routeTable.push({ method: route.method, url: route.url, schema: route.schema, websocket: route.websocket === true });
    // Only routes with a body get the hook: the others (every GET) run no hook for it at all.
    if (route.schema?.body) route.preValidation = [trimFormBody, ...[route.preValidation ?? []].flat()];
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Rigshare API',
        version: APP_VERSION,
        description:
          'Every reply is the envelope {code, msg, data}: code 200 is success, any other code repeats the HTTP status and msg says why in the ' +
          'caller\'s language (Language header: en_US, hi_IN, ...). Requests are form-encoded (application/x-www-form-urlencoded) or JSON. ' +
          'Protected routes need the session token in X-Access-Token: each operation\'s security names the session it takes (memberSession, ' +
          'staffSession with the roles that may run it) or is empty when it is open. Amounts are integer micro-units as decimal text. See docs/api.md.',
        // A private package that grants no licence; LicenseRef- is SPDX's form for a licence of one's own.
        license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' },
      },
      // Paths are absolute from the host that serves the document (/api/user/..., /admin/...).
      servers: [{ url: '/', description: 'The host serving this document' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    hideUntagged: false,
    transform: documentOperation(app),
    // Shared schemas keep their own name in components.schemas (ErrorReply), not def-0.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { docExpansion: 'list', deepLinking: true } });
}

/**
 * Routes that do not declare their contract: no reply schema for 200 and 400, or (POST) no body schema
 * and no multipart consumes. The documentation's own routes and the CORS preflight are plugins', not ours.
 */
export function routesWithoutSchema(app: FastifyInstance): string[] {
  return app.routeTable
    .filter((route) => !route.url.startsWith(DOCS_PREFIX) && route.method !== 'HEAD' && route.method !== 'OPTIONS')
    // A WebSocket's frames are no HTTP reply to describe: docs/architecture.md, "Live channel", is its contract.
    .filter((route) => !route.websocket)
    .filter((route) => {
      const schema = route.schema as { response?: Record<string, unknown>; body?: unknown; consumes?: string[] } | undefined;
      const posts = ([] as string[]).concat(route.method).includes('POST');
      const input = !posts || Boolean(schema?.body) || Boolean(schema?.consumes?.includes('multipart/form-data'));
      return !schema?.response?.[200] || !schema.response[400] || !input;
    })
    .map((route) => `${([] as string[]).concat(route.method).join(',')} ${route.url}`);
}

/**
 * The numbers routes read (query, body, path, headers) without a lower and an upper bound, as
 * `METHOD url part.path`: with AJV_OPTIONS such a number takes "Infinity" as a value, so there must be none.
 */
export function unboundedNumbers(app: FastifyInstance): string[] {
  const found: string[] = [];
  const walk = (schema: unknown, where: string): void => {
    if (!schema || typeof schema !== 'object') return;
    const s = schema as Record<string, unknown>;
    const types = ([] as unknown[]).concat(s.type ?? []);
    const bounded = (inclusive: string, exclusive: string) => Number.isFinite(s[inclusive]) || Number.isFinite(s[exclusive]);
    const fixed = s.const !== undefined || Array.isArray(s.enum);
    if ((types.includes('integer') || types.includes('number')) && !fixed && !(bounded('minimum', 'exclusiveMinimum') && bounded('maximum', 'exclusiveMaximum'))) found.push(where);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) ((s[key] as unknown[] | undefined) ?? []).forEach((sub, i) => walk(sub, `${where}|${i}`));
    for (const [name, sub] of Object.entries((s.properties as Record<string, unknown> | undefined) ?? {})) walk(sub, `${where}.${name}`);
    if (s.items) walk(s.items, `${where}[]`);
  };
  for (const route of app.routeTable) {
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    for (const part of ['querystring', 'body', 'params', 'headers']) walk(schema[part], `${([] as string[]).concat(route.method).join(',')} ${route.url} ${part}`);
  }
  return found;
}
