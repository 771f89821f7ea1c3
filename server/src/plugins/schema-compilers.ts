import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import ValidatorSelector from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type ReplySerializer = ReturnType<ReturnType<SerializerFactory>>;

/**
 * Fastify's own reply serializers (fast-json-stringify), each compiled when its route first answers with
 * that status instead of all of them when the app starts. Compiling the ~500 reply schemas of the API
 * was most of a start (3-4 s on a 2-core VM): every API process paid it. A route's first reply pays its
 * own compile (milliseconds) once. That every reply schema compiles is checked by
 * `compileEveryReplySerializer` (contract test), since a start no longer shows it.
 *
 * A serializer depends only on its schema and the app's shared schemas and options, so it is kept for
 * the process, not the app: another app of the same process (the server tests build over a hundred)
 * reuses it instead of compiling the same schema again.
 */
export function serializersOnFirstUse(): SerializerFactory {
  const compilerFor = SerializerSelector();
  /** By the app's shared schemas and options (as JSON), then by the reply schema object. */
  const compiled = new Map<string, WeakMap<object, ReplySerializer>>();
  return (externalSchemas, options) => {
    const compile = compilerFor(externalSchemas, options);
    const poolKey = JSON.stringify([externalSchemas, options]);
    let pool = compiled.get(poolKey);
    if (!pool) compiled.set(poolKey, (pool = new WeakMap()));
    const known = pool;
    return (route) => {
      let serialize: ReplySerializer | undefined;
      const schema = route.schema as object;
      return (payload) => {
        if (!serialize) {
          serialize = known.get(schema);
          if (!serialize) known.set(schema, (serialize = compile(route)));
        }
        return serialize(payload);
      };
    };
  };
}

/**
 * The schema controller of every app of the process: reply serializers compile on first use and are
 * reused across apps (above); request validators come from one Ajv pool, so an app built with the same
 * shared schemas and options takes the validators an earlier app compiled (Ajv keeps them by schema
 * object) instead of compiling every route's again. Fastify's default makes a pool per app.
 */
export const SCHEMA_CONTROLLER: FastifyServerOptions['schemaController'] = {
  compilersFactory: { buildSerializer: serializersOnFirstUse(), buildValidator: ValidatorSelector() },
};

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
