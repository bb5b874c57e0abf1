import { Type } from 'typebox';
import { runOncePerOccurrence } from '../../db/job-runs.js';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission } from '../../http/guards.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, IdParams, pageQuery, Timestamp, Uuid } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { ACCEPTED_SWEEP_MS, reopenAcceptedRisks } from './accepted-risk.js';
import { PendingClose } from './closure-schemas.js';
import { addComment, COMMENT_MAX, listComments, listHistory } from './discussion-service.js';
import { HistoryLine, Row } from './routes.js';
import { DISPOSITIONS, TARGET_STATUSES } from './transitions.js';
import {
  assignIncident,
  changeStatus,
  listAssignees,
  type PermissionsOf,
  type WorkflowCall,
} from './workflow-service.js';

const S = Type.String();
const I = Type.Integer();
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Enum = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));

export const State = {
  ...Row,
  open: Type.Boolean(),
  resolution: Nullable(S),
  closed_at: Nullable(Timestamp),
  allowed_transitions: Type.Array(S),
  accepted_until: Nullable(Timestamp),
};

const Comment = Type.Object(
  {
    id: S,
    author_id: Nullable(S),
    author_email: Nullable(S),
    body: S,
    from_person: Type.Boolean(),
    created_at: Timestamp,
  },
  { additionalProperties: false },
);

const Page = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  Type.Object({ items: Type.Array(item), total: I, limit: I, offset: I }, { additionalProperties: false });

const PageQuery = Type.Object(pageQuery({ maxLimit: 200, defaultLimit: 50, maxOffset: 1_000_000 }), {
  additionalProperties: false,
});

/** Incident triage: status, assignment, discussion and history (issue 16; docs/incidents.md). */
export const incidentWorkflowModule: ApiModule = async (app) => {
  const s = app.deps;
  const write = [requirePermission('incidents:read', 'incidents:write')];
  const read = [requirePermission('incidents:read')];
  const permissionsOf: PermissionsOf = (tenantId, u) => app.auth.permissionsFor(s.db, tenantId, u);
  // The accepted-risk job (docs/incidents.md, Accepted risk): stopped when the server closes.
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep = setInterval(() => {
      const now = s.clock.now();
      runOncePerOccurrence(s.db, 'incidents.accepted_risk', ACCEPTED_SWEEP_MS, now, () =>
        reopenAcceptedRisks(s, now),
      ).catch((err: unknown) =>
        app.log.error({ err: { type: (err as Error)?.name } }, 'accepted-risk job failed'),
      );
    }, ACCEPTED_SWEEP_MS);
    sweep.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweep));
  const call = (request: Parameters<typeof principalOf>[0]): WorkflowCall => ({
    ctx: serviceContextOf(request),
    principal: principalOf(request),
  });

  app.post(
    '/incidents/:id/status',
    {
      onRequest: write,
      schema: {
        params: IdParams,
        body: Type.Object(
          {
            status: Enum(TARGET_STATUSES),
            resolution: Type.Optional(PersonText('multiline', { maxLength: 500 })),
            note: Type.Optional(PersonText('multiline', { maxLength: 10_000 })),
            disposition: Type.Optional(Enum(DISPOSITIONS)),
            expected_version: Type.Optional(Type.Integer({ minimum: 1 })),
            question: Type.Optional(PersonText('multiline', { maxLength: 1_000 })),
            accepted_until: Type.Optional(Timestamp),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object(State, { additionalProperties: false }),
          202: PendingClose,
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const out = await changeStatus(call(request), request.params.id, request.body);
      return 'pending_close' in out ? reply.code(202).send(out) : out;
    },
  );

  app.post(
    '/incidents/:id/assign',
    {
      onRequest: write,
      schema: {
        params: IdParams,
        body: Type.Object(
          {
            assignee_email: Nullable(Type.String({ minLength: 3, maxLength: 320 })),
            expected_version: Type.Optional(Type.Integer({ minimum: 1 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ ...State, changed: Type.Boolean() }, { additionalProperties: false }),
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request) => assignIncident(call(request), permissionsOf, request.params.id, request.body),
  );

  app.get(
    '/incidents/assignees',
    {
      onRequest: write,
      schema: {
        querystring: Type.Object({ incident: Type.Optional(Uuid) }, { additionalProperties: false }),
        response: {
          200: Type.Array(
            Type.Object({ id: S, email: S, display_name: Nullable(S) }, { additionalProperties: false }),
          ),
          ...errorResponses(401, 403, 404, 422),
        },
      },
    },
    async (request) =>
      listAssignees(serviceContextOf(request), principalOf(request), permissionsOf, request.query.incident),
  );

  app.get(
    '/incidents/:id/comments',
    {
      onRequest: read,
      schema: {
        params: IdParams,
        querystring: PageQuery,
        response: { 200: Page(Comment), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      listComments(
        serviceContextOf(request),
        principalOf(request),
        request.params.id,
        request.query.limit ?? 50,
        request.query.offset ?? 0,
      ),
  );

  app.post(
    '/incidents/:id/comments',
    {
      onRequest: [requirePermission('incidents:read', 'incidents:comment')],
      schema: {
        params: IdParams,
        body: Type.Object(
          { body: PersonText('multiline', { minLength: 1, maxLength: COMMENT_MAX }) },
          { additionalProperties: false },
        ),
        response: { 201: Comment, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await addComment(
            serviceContextOf(request),
            principalOf(request),
            request.params.id,
            request.body.body,
          ),
        ),
  );

  app.get(
    '/incidents/:id/history',
    {
      onRequest: read,
      schema: {
        params: IdParams,
        querystring: PageQuery,
        response: { 200: Page(HistoryLine), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      listHistory(
        serviceContextOf(request),
        principalOf(request),
        request.params.id,
        request.query.limit ?? 50,
        request.query.offset ?? 0,
      ),
  );
};
