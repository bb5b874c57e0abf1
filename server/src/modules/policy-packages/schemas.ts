import { DEPENDENCY_KINDS, DEPENDENCY_STATES, PACKAGE_FORMAT, POLICY_GROUPS } from '@custos/engine';
import { type TProperties, Type } from 'typebox';
import { PersonText } from '../../http/person-text.js';
import { PolicyVersionSchema } from '../policies/public.js';

/**
 * Request and response schemas of the package routes (document 1, Policy package). Responses
 * are allowlists; the package an export answers is fitted to `PackageSchema` before its digest is
 * computed, so the digest covers exactly the bytes a client receives.
 */
const S = Type.String();
const Int = Type.Integer();
const Opt = Type.Optional;
const Null = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Obj = <P extends TProperties>(props: P) => Type.Object(props, { additionalProperties: false });
const oneOf = <T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>(Type.Union(values.map((v) => Type.Literal(v))));

const SpecSchema = Type.Omit(PolicyVersionSchema, [
  'id',
  'policy_id',
  'tenant_id',
  'number',
  'version',
  'status',
  'created_at',
  'created_by',
  'submitted_by',
  'approved_by',
  'published_by',
  'owner',
]);

const TargetOut = Obj({
  kind: S,
  source: Obj({ type: S, domain_sid: Opt(S) }),
  object_id: S,
  label: Opt(S),
});

const DependencyFields = {
  key: S,
  kind: oneOf(DEPENDENCY_KINDS),
  value: S,
  version: Opt(Int),
  revision: Opt(Int),
  target: Opt(TargetOut),
  name: Opt(S),
  origin: Opt(oneOf(['builtin', 'tenant'])),
  paths: Type.Array(S),
};

const Source = Obj({
  tenant_id: S,
  policy_id: S,
  policy_number: Int,
  version: Int,
  version_status: S,
});

/** `GET /policies/{id}/versions/{version}/package`. */
export const PackageSchema = Obj({
  format: Type.Literal(PACKAGE_FORMAT),
  format_version: Type.Literal(1),
  product_version: S,
  exported_at: S,
  source: Source,
  policy: Obj({ name: S, description: Null(S), group: Null(S), spec: SpecSchema }),
  dependencies: Type.Array(Obj(DependencyFields)),
  digest: S,
});

const Id = Type.String({ minLength: 1, maxLength: 200 });
const Key = Type.String({ minLength: 1, maxLength: 600 });

const TargetIn = Obj({
  kind: oneOf(['directory_group', 'endpoint', 'endpoint_group']),
  source: Type.Union([
    Obj({ type: Type.Literal('windows_directory'), domain_sid: Type.String({ maxLength: 200 }) }),
    Obj({ type: Type.Literal('svc') }),
  ]),
  object_id: Type.String({ minLength: 1, maxLength: 200 }),
  label: Opt(Type.String({ maxLength: 200 })),
});

/** The package as a dry run or import receives it: a closed envelope; the spec is the engine's to check. */
const PackageIn = Obj({
  format: Type.Literal(PACKAGE_FORMAT),
  format_version: Type.Literal(1),
  product_version: Type.String({ maxLength: 64 }),
  exported_at: Type.String({ maxLength: 64 }),
  source: Obj({
    tenant_id: Id,
    policy_id: Id,
    policy_number: Type.Integer({ minimum: 1 }),
    version: Type.Integer({ minimum: 1 }),
    version_status: Type.String({ maxLength: 40 }),
  }),
  policy: Obj({
    name: Type.String({ maxLength: 500 }),
    description: Null(Type.String({ maxLength: 10_000 })),
    group: Null(oneOf(POLICY_GROUPS)),
    spec: Type.Record(Type.String(), Type.Unknown(), {
      description: 'policy version fields (docs/policies.md)',
    }),
  }),
  dependencies: Type.Array(
    Obj({
      key: Key,
      kind: oneOf(DEPENDENCY_KINDS),
      value: Type.String({ maxLength: 500 }),
      version: Opt(Int),
      revision: Opt(Int),
      target: Opt(TargetIn),
      name: Opt(Type.String({ maxLength: 500 })),
      origin: Opt(oneOf(['builtin', 'tenant'])),
      paths: Type.Array(Type.String({ maxLength: 200 }), { minItems: 1, maxItems: 500 }),
    }),
    { maxItems: 500 },
  ),
  digest: Type.String({ pattern: '^[0-9a-f]{64}$' }),
});

const Coordinate = Obj({
  classification_id: Id,
  classification_version: Type.Integer({ minimum: 1 }),
  revision: Type.Integer({ minimum: 1 }),
});

export const PackageBody = Obj({
  package: PackageIn,
  mappings: Opt(
    Type.Array(
      Obj({
        key: Key,
        to: Opt(Type.Union([Type.String({ minLength: 1, maxLength: 256 }), Coordinate, TargetIn])),
        remove: Opt(Type.Boolean()),
      }),
      { maxItems: 500 },
    ),
  ),
  name: Opt(PersonText('line', { minLength: 1, maxLength: 200 })),
});

const FieldIssue = Obj({ field: S, message: S });

/** `POST /policy-packages/dry-run`. */
export const DryRunSchema = Obj({
  source: Source,
  product_version: S,
  digest: S,
  same_tenant: Type.Boolean(),
  name: S,
  name_conflict: Opt(Obj({ policy_id: S, number: Int })),
  previously_imported: Type.Array(Obj({ policy_id: S, number: Int, imported_at: S, digest: S })),
  dependencies: Type.Array(
    Obj({
      ...DependencyFields,
      state: oneOf(DEPENDENCY_STATES),
      resolved_to: Null(S),
      message: S,
      removable: Type.Boolean(),
    }),
  ),
  issues: Type.Array(FieldIssue),
  blocking: Type.Boolean(),
});

/** `POST /policy-packages/import`. */
export const ImportSchema = Obj({ id: S, version: Type.Literal(1), report: DryRunSchema });
