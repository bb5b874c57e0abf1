import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission } from '../../http/guards.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, IdParams, Timestamp, Uuid } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import {
  createPlaybook,
  editPlaybook,
  incidentPlaybook,
  listIncidentPlaybooks,
  removePlaybook,
  tickStep,
} from './playbooks-service.js';

const S = Type.String();
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

const StepIn = Type.Object(
  {
    title: PersonText('line', { minLength: 1, maxLength: 200 }),
    link: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 2000 }))),
  },
  { additionalProperties: false },
);

const Playbook = Type.Object(
  {
    id: S,
    name: S,
    policy_id: Nullable(S),
    steps: Type.Array(Type.Object({ title: S, link: Nullable(S) }, { additionalProperties: false })),
    enabled: Type.Boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { additionalProperties: false },
);

const IncidentPlaybook = Type.Object(
  {
    incident_id: S,
    playbook: Nullable(
      Type.Object(
        {
          id: S,
          name: S,
          policy_id: Nullable(S),
          done: Type.Integer(),
          steps: Type.Array(
            Type.Object(
              {
                n: Type.Integer(),
                title: S,
                link: Nullable(S),
                done: Type.Boolean(),
                done_at: Nullable(Timestamp),
                done_by_email: Nullable(S),
              },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

const Name = PersonText('line', { minLength: 1, maxLength: 100 });

/** Playbooks (issue 16; document 2; docs/incidents.md, Playbooks). */
export const incidentPlaybooksModule: ApiModule = async (app) => {
  const _s = app.deps;
  const manage = [requirePermission('tenant:write')];

  app.get(
    '/incident-playbooks',
    {
      onRequest: [requirePermission('incidents:read')],
      schema: {
        response: {
          200: Type.Object({ items: Type.Array(Playbook) }, { additionalProperties: false }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => listIncidentPlaybooks(serviceContextOf(request), principalOf(request)),
  );

  app.post(
    '/incident-playbooks',
    {
      onRequest: manage,
      schema: {
        body: Type.Object(
          {
            name: Name,
            policy_id: Type.Optional(Nullable(Uuid)),
            steps: Type.Array(StepIn, { minItems: 1, maxItems: 12 }),
            enabled: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        response: { 201: Playbook, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const out = await createPlaybook(serviceContextOf(request), principalOf(request), request.body);
      return reply.code(201).send(out);
    },
  );

  app.patch(
    '/incident-playbooks/:id',
    {
      onRequest: manage,
      schema: {
        params: IdParams,
        body: Type.Object(
          {
            name: Type.Optional(Name),
            policy_id: Type.Optional(Nullable(Uuid)),
            enabled: Type.Optional(Type.Boolean()),
            // Refused with a 422 that says why (document 2: steps cannot be edited).
            steps: Type.Optional(Type.Unknown()),
          },
          { additionalProperties: false },
        ),
        response: { 200: Playbook, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      editPlaybook(serviceContextOf(request), principalOf(request), request.params.id, request.body),
  );

  app.delete(
    '/incident-playbooks/:id',
    {
      onRequest: manage,
      schema: { params: IdParams, response: { 204: Type.Null(), ...errorResponses(401, 403, 404) } },
    },
    async (request, reply) => {
      await removePlaybook(serviceContextOf(request), principalOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/incidents/:id/playbook',
    {
      onRequest: [requirePermission('incidents:read')],
      schema: { params: IdParams, response: { 200: IncidentPlaybook, ...errorResponses(401, 403, 404) } },
    },
    async (request) => incidentPlaybook(serviceContextOf(request), principalOf(request), request.params.id),
  );

  app.post(
    '/incidents/:id/playbook/steps/:n',
    {
      onRequest: [requirePermission('incidents:read', 'incidents:write')],
      schema: {
        params: Type.Object({ id: Uuid, n: Type.Integer({ minimum: 1, maximum: 12 }) }),
        body: Type.Object({ playbook_id: Uuid, done: Type.Boolean() }, { additionalProperties: false }),
        response: { 200: IncidentPlaybook, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      tickStep(
        serviceContextOf(request),
        principalOf(request),
        request.params.id,
        request.params.n,
        request.body,
      ),
  );
};
