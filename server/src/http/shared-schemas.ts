import { CONDITION_OPS } from '@custos/engine';
import type { FastifyInstance } from 'fastify';
import { type TSchema, Type } from 'typebox';

/**
 * Schemas registered once on the root instance (`app.addSchema`) so recursive shapes can refer
 * to themselves; the OpenAPI document shows them under `components.schemas`. Routes use the
 * `…Ref` values below.
 */
const S = Type.String();
const Strings = Type.Array(S);
const Int = Type.Integer();
const ref = (id: string) => Type.Unsafe<unknown>({ $ref: `${id}#` });

/**
 * A condition tree node (document 1, Conditions). One object that lists every node's fields
 * (each optional but `op`) rather than a union of closed objects: the serialiser then drops an
 * unknown key instead of refusing the whole answer.
 */
const PolicyCondition = Type.Object(
  {
    op: Type.Union(CONDITION_OPS.map((o) => Type.Literal(o))),
    classification_id: Type.Optional(S),
    classification_version: Type.Optional(Int),
    revision: Type.Optional(Int),
    detector_id: Type.Optional(S),
    category: Type.Optional(S),
    min_matches: Type.Optional(Int),
    min_confidence: Type.Optional(Int),
    require_validated: Type.Optional(Type.Boolean()),
    nodes: Type.Optional(Type.Array(ref('PolicyCondition'))),
    node: Type.Optional(ref('PolicyCondition')),
    n: Type.Optional(Int),
    extensions: Type.Optional(Strings),
    mime_types: Type.Optional(Strings),
    min_size_bytes: Type.Optional(Int),
    max_size_bytes: Type.Optional(Int),
    path_contains: Type.Optional(Strings),
    labels: Type.Optional(Strings),
    owners: Type.Optional(Strings),
    serials: Type.Optional(Strings),
    classes: Type.Optional(Strings),
    match_mode: Type.Optional(S),
    include_approved_inventory: Type.Optional(Type.Boolean()),
    any_of: Type.Optional(Strings),
    corpus_id: Type.Optional(S),
    match: Type.Optional(S),
    min_coverage: Type.Optional(Type.Number()),
  },
  { additionalProperties: false, $id: 'PolicyCondition' },
);

/** Every shared schema, in registration order. */
export const SHARED_SCHEMAS: readonly TSchema[] = [PolicyCondition];

/** The condition node's listed fields (a test compares them with the engine's node kinds). */
export const POLICY_CONDITION_FIELDS: readonly string[] = Object.keys(PolicyCondition.properties);

/** A condition tree in a response or a stored document. */
export const ConditionRef = ref('PolicyCondition');

export function registerSharedSchemas(app: FastifyInstance): void {
  for (const schema of SHARED_SCHEMAS) app.addSchema(schema);
}
