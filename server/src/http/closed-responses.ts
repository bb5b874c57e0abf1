import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { SHARED_SCHEMAS } from './shared-schemas.js';

/**
 * Response schemas are allowlists (issue 14): the serialiser sends only declared fields. A route
 * that leaves `additionalProperties` unset gets `false` here, on a copy of its response
 * schemas (request schemas that share an object are untouched). An explicit `true` or a
 * schema-valued map is left as written — the OpenAPI walk test refuses both.
 */
type Json = Record<string, unknown>;

const NESTED_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const NESTED_ONE = ['items', 'not', 'if', 'then', 'else', 'contains'] as const;

function isObjectSchema(s: Json): boolean {
  return s.type === 'object' || (Array.isArray(s.type) && s.type.includes('object')) || 'properties' in s;
}

/** A closed copy of a schema (own string keys only; TypeBox's symbol keys are not needed). */
export function closeSchema(schema: unknown): unknown {
  if (schema === null || typeof schema !== 'object') return schema;
  if (Array.isArray(schema)) return schema.map(closeSchema);
  const s = schema as Json;
  const out: Json = { ...s };
  if (s.properties && typeof s.properties === 'object') {
    out.properties = Object.fromEntries(
      Object.entries(s.properties as Json).map(([k, v]) => [k, closeSchema(v)]),
    );
  }
  for (const key of NESTED_LISTS)
    if (Array.isArray(s[key])) out[key] = (s[key] as unknown[]).map(closeSchema);
  for (const key of NESTED_ONE) if (s[key] && typeof s[key] === 'object') out[key] = closeSchema(s[key]);
  if (s.additionalProperties && typeof s.additionalProperties === 'object')
    out.additionalProperties = closeSchema(s.additionalProperties);
  if (isObjectSchema(s) && s.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

function closeRoute(route: RouteOptions): void {
  const response = route.schema?.response as Json | undefined;
  if (!response || !route.schema) return;
  route.schema = {
    ...route.schema,
    response: Object.fromEntries(Object.entries(response).map(([status, s]) => [status, closeSchema(s)])),
  };
}

/** Registered on the root instance before any route (and before the OpenAPI generator). */
export function registerClosedResponses(app: FastifyInstance): void {
  app.addHook('onRoute', closeRoute);
}

/**
 * For tests (`BuildOptions.strictResponses`): before an answer is serialised, every field the
 * response schema would drop is reported, so a route cannot lose a field it used to send
 * without a test noticing. Reports go to `onDropped`; the default throws (the answer is a 500).
 */
export function registerResponseFieldCheck(
  app: FastifyInstance,
  onDropped: (route: string, fields: string[]) => void = (route, fields) => {
    throw new Error(`response of ${route} would drop ${fields.join(', ')}`);
  },
): void {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  for (const s of SHARED_SCHEMAS) ajv.addSchema(s as object);
  const compiled = new WeakMap<object, ValidateFunction>();
  app.addHook('preSerialization', async (request, reply, payload) => {
    const response = request.routeOptions.schema?.response as Json | undefined;
    const status = String(reply.statusCode);
    const schema = (response?.[status] ?? response?.[`${status[0]}xx`]) as object | undefined;
    if (!schema || payload === null || typeof payload !== 'object') return payload;
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    if (validate(payload)) return payload;
    const dropped = (validate.errors ?? [])
      .filter((e: ErrorObject) => e.keyword === 'additionalProperties')
      .map((e) => `${e.instancePath}/${String((e.params as Json).additionalProperty)}`);
    const other = (validate.errors ?? [])
      .filter((e: ErrorObject) => e.keyword !== 'additionalProperties')
      .map((e) => `${e.instancePath} ${e.keyword} ${e.message ?? ''}`);
    const route = `${request.method} ${request.routeOptions.url ?? ''} ${status}`;
    if (dropped.length > 0 || other.length > 0) onDropped(route, [...new Set([...dropped, ...other])]);
    return payload;
  });
}
