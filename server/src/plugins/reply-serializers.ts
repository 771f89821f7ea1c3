import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type ReplySerializer = ReturnType<ReturnType<SerializerFactory>>;

/**
 * Fastify's own reply serializers (fast-json-stringify), each compiled when its route first answers with
 * that status instead of all of them when the app starts. Compiling the ~500 reply schemas of the API
 * was most of a start (3-4 s on a 2-core VM): every API process paid it, and the server tests, which
 * build an app per suite and call a handful of its routes, paid it over a hundred times per run. A
 * route's first reply pays its own compile (milliseconds) once. That every reply schema compiles is
 * checked by `compileEveryReplySerializer` (contract test), since a start no longer shows it.
 */
export function serializersOnFirstUse(): SerializerFactory {
  const compilerFor = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = compilerFor(externalSchemas, options);
    return (route) => {
      let serialize: ReplySerializer | undefined;
      return (payload) => (serialize ??= compile(route))(payload);
    };
  };
}

/** The schema controller of an app whose reply serializers compile on first use. */
export const SCHEMA_CONTROLLER: FastifyServerOptions['schemaController'] = { compilersFactory: { buildSerializer: serializersOnFirstUse() } };

/**
 * Compiles every reply schema of the routes given, with the app's shared schemas (`app.getSchemas()`), as
 * the app would on each route's first reply; throws on the first that fails. Returns how many compiled.
 */
export function compileEveryReplySerializer(routes: { method: unknown; url: string; schema?: { response?: unknown } }[], sharedSchemas: Record<string, unknown> = {}): number {
  const compile = SerializerSelector()(sharedSchemas);
  let compiled = 0;
  for (const route of routes) {
    for (const [httpStatus, schema] of Object.entries((route.schema?.response ?? {}) as Record<string, unknown>)) {
      compile({ method: String(route.method), url: route.url, httpStatus, schema });
      compiled += 1;
    }
  }
  return compiled;
}
