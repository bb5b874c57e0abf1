import SerializerSelector, {
  type Serializer,
  type SerializerFactory,
} from '@fastify/fast-json-stringify-compiler';

/**
 * Compiled response serialisers, kept for the life of the process and keyed by what they are
 * compiled from (the shared schemas, the serialiser options and the route's response schema, as
 * JSON). One server process builds one app, so this changes nothing there; a process that builds
 * many apps (the test suite builds one per test) compiles each schema once instead of once per
 * app — compiling every route's response schema was most of an app's start-up time.
 */
const serializers = new Map<string, Serializer>();
const buildDefault = SerializerSelector();

export const cachedSerializerFactory: SerializerFactory = (externalSchemas, serializerOpts) => {
  const compile = buildDefault(externalSchemas, serializerOpts);
  const prefix = `${JSON.stringify(externalSchemas ?? null)}\u0000${JSON.stringify(serializerOpts ?? null)}\u0000`;
  return (route) => {
    const key = prefix + JSON.stringify(route.schema);
    let serialize = serializers.get(key);
    if (!serialize) {
      serialize = compile(route);
      serializers.set(key, serialize);
    }
    return serialize;
  };
};
