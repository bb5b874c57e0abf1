import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission } from '../../http/guards.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, Uuid } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { BULK_ACTIONS, BULK_MAX_ITEMS, bulkTriage, OUTCOMES } from './bulk-service.js';
import { DISPOSITIONS, TARGET_STATUSES } from './transitions.js';
import type { PermissionsOf } from './workflow-service.js';

const S = Type.String();
const I = Type.Integer();
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Enum = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));

const Body = Type.Object(
  {
    // Printable ASCII without spaces, 16-128 characters (document 2, Limits).
    idempotency_key: Type.String({ minLength: 16, maxLength: 128, pattern: '^[\\x21-\\x7e]+$' }),
    action: Enum(BULK_ACTIONS),
    items: Type.Array(
      Type.Object({ id: Uuid, row_version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
      { minItems: 1, maxItems: BULK_MAX_ITEMS },
    ),
    assignee_email: Type.Optional(Nullable(Type.String({ minLength: 3, maxLength: 320 }))),
    status: Type.Optional(Enum(TARGET_STATUSES)),
    resolution: Type.Optional(PersonText('multiline', { maxLength: 500 })),
    note: Type.Optional(PersonText('multiline', { maxLength: 10_000 })),
    disposition: Type.Optional(Enum(DISPOSITIONS)),
    reason: Type.Optional(PersonText('multiline', { minLength: 5, maxLength: 500 })),
    related: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);

const Answer = Type.Object(
  {
    idempotency_key: S,
    correlation_id: S,
    action: S,
    replayed: Type.Boolean(),
    counts: Type.Object(
      { updated: I, unchanged: I, stale: I, unavailable: I, refused: I, total: I },
      { additionalProperties: false },
    ),
    items: Type.Array(
      Type.Object(
        {
          id: S,
          outcome: Type.Unsafe<(typeof OUTCOMES)[number]>(Type.String({ enum: [...OUTCOMES] })),
          row_version: Nullable(I),
          reason: Nullable(S),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

/** POST /incidents/bulk (document 2, Bulk triage; docs/incidents.md, Bulk triage). */
export const incidentBulkModule: ApiModule = async (app) => {
  const s = app.deps;
  const permissionsOf: PermissionsOf = (tenantId, u) => app.auth.permissionsFor(s.db, tenantId, u);
  app.post(
    '/incidents/bulk',
    {
      onRequest: [requirePermission('incidents:read', 'incidents:write')],
      schema: { body: Body, response: { 200: Answer, ...errorResponses(401, 403, 409, 422) } },
    },
    async (request) =>
      bulkTriage(
        { ctx: serviceContextOf(request), principal: principalOf(request) },
        permissionsOf,
        request.body,
      ),
  );
};
