import { KNOWN_CHANNELS } from '@custos/engine';
import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission } from '../../http/guards.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, IdParams, Timestamp, Uuid } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import {
  createAssignmentRule,
  deleteAssignmentRule,
  listAssignmentRules,
  updateAssignmentRule,
} from './assignment-rules-service.js';
import { SEVERITIES } from './service.js';

const S = Type.String();
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Enum = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));

const Rule = Type.Object(
  {
    id: S,
    name: S,
    policy_id: Nullable(S),
    channel: Nullable(S),
    min_severity: Nullable(S),
    department: Nullable(S),
    assignee_email: S,
    enabled: Type.Boolean(),
    position: Type.Integer(),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { additionalProperties: false },
);

const Fields = {
  name: PersonText('line', { minLength: 1, maxLength: 60 }),
  policy_id: Nullable(Uuid),
  channel: Nullable(Enum(KNOWN_CHANNELS)),
  min_severity: Nullable(Enum(SEVERITIES)),
  department: Nullable(PersonText('line', { minLength: 1, maxLength: 100 })),
  assignee_email: Type.String({ format: 'email', maxLength: 254 }),
  enabled: Type.Boolean(),
  position: Type.Integer({ minimum: 1, maximum: 1000 }),
};
const opt = Object.fromEntries(Object.entries(Fields).map(([k, v]) => [k, Type.Optional(v)]));

/** Assignment rules (issue 16; document 2; docs/incidents.md, Assignment rules). */
export const incidentAssignmentRulesModule: ApiModule = async (app) => {
  const _s = app.deps;
  const write = [requirePermission('tenant:write')];

  app.get(
    '/incident-assignment-rules',
    {
      onRequest: [requirePermission('incidents:read')],
      schema: {
        response: {
          200: Type.Object({ items: Type.Array(Rule) }, { additionalProperties: false }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => listAssignmentRules(serviceContextOf(request), principalOf(request)),
  );

  app.post(
    '/incident-assignment-rules',
    {
      onRequest: write,
      schema: {
        body: Type.Object(
          { ...opt, name: Fields.name, assignee_email: Fields.assignee_email },
          { additionalProperties: false },
        ),
        response: { 201: Rule, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const body = request.body as Parameters<typeof createAssignmentRule>[2];
      reply.code(201);
      return createAssignmentRule(serviceContextOf(request), principalOf(request), body);
    },
  );

  app.patch(
    '/incident-assignment-rules/:id',
    {
      onRequest: write,
      schema: {
        params: IdParams,
        body: Type.Object(opt, { additionalProperties: false }),
        response: { 200: Rule, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      updateAssignmentRule(
        serviceContextOf(request),
        principalOf(request),
        request.params.id,
        request.body as Parameters<typeof updateAssignmentRule>[3],
      ),
  );

  app.delete(
    '/incident-assignment-rules/:id',
    {
      onRequest: write,
      schema: { params: IdParams, response: { 204: Type.Null(), ...errorResponses(401, 403, 404) } },
    },
    async (request, reply) => {
      await deleteAssignmentRule(serviceContextOf(request), principalOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
