import SerializerSelector, {
  type RouteDefinition,
  type Serializer,
  type SerializerFactory,
} from '@fastify/fast-json-stringify-compiler';

/**
 * Route schemas (request validators and response serialisers) are compiled on their first use
 * and then kept for the life of the process, keyed by what they are compiled from (as JSON).
 *
 * - On first use: compiling every route's schemas was most of a server's start-up (over a
 *   second of CPU for ~200 routes); a route's first request now pays a few milliseconds.
 *   `compilePendingSchemas()` compiles whatever is still waiting, so a test proves that every
 *   schema compiles.
 * - Kept per process: one server process builds one app, so this changes nothing there; a
 *   process that builds many apps (the test suite builds one per test) compiles each schema once.
 */
const compiled = new Map<string, unknown>();
const pending = new Map<string, () => unknown>();

function compileOnce<T>(key: string, compile: () => T): T {
  if (compiled.has(key)) return compiled.get(key) as T;
  const made = compile();
  compiled.set(key, made);
  pending.delete(key);
  return made;
}

/** The compiled form when the key is known, else a stand-in that compiles on its first call. */
export function lazyCompiled<T extends (...args: never[]) => unknown>(
  key: string,
  compile: () => T,
  standIn: (resolve: () => T) => T,
): T {
  if (compiled.has(key)) return compiled.get(key) as T;
  pending.set(key, compile);
  let made: T | undefined;
  return standIn(() => {
    made ??= compileOnce(key, compile);
    return made;
  });
}

/** Compiles every schema still waiting for its first use; returns how many were compiled. */
export function compilePendingSchemas(): number {
  const waiting = [...pending];
  for (const [key, compile] of waiting) compileOnce(key, compile);
  return waiting.length;
}

const buildDefault = SerializerSelector();

export const cachedSerializerFactory: SerializerFactory = (externalSchemas, serializerOpts) => {
  const compile = buildDefault(externalSchemas, serializerOpts);
  const prefix = `response\u0000${JSON.stringify(externalSchemas ?? null)}\u0000${JSON.stringify(serializerOpts ?? null)}\u0000`;
  return (route: RouteDefinition) =>
    lazyCompiled<Serializer>(
      prefix + JSON.stringify(route.schema),
      () => compile(route),
      (resolve) => (doc) => resolve()(doc),
    );
};
