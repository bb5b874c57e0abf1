import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission } from '../../http/guards.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, Timestamp, Uuid } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import {
  LINK_NOTE_MAX,
  linkIncidents,
  UNLINK_REASON_MAX,
  UNLINK_REASON_MIN,
  unlinkIncidents,
} from './links-service.js';
import { REASONS, relatedSuggestions } from './suggestions-service.js';

const S = Type.String();
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** An INC reference (any case) or an incident id. */
const IncidentRef = Type.String({
  pattern:
    '^([Ii][Nn][Cc]-[0-9]{1,12}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$',
});

/** One entry of the detail's `related` (docs/incidents.md, Links). */
export const RelatedIncident = Type.Object(
  {
    id: S,
    reference: S,
    title: S,
    severity: S,
    status: S,
    note: Nullable(S),
    linked_at: Timestamp,
    linked_by_email: Nullable(S),
  },
  { additionalProperties: false },
);

const Suggestions = Type.Object(
  {
    person_policy_days: Type.Integer(),
    endpoint_minutes: Type.Integer(),
    items: Type.Array(
      Type.Object(
        {
          id: S,
          reference: S,
          title: S,
          severity: S,
          status: S,
          created_at: Timestamp,
          // same_content | same_person_and_policy | same_endpoint_at_the_time (REASONS).
          reasons: Type.Array(S, { maxItems: REASONS.length }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

const LinksAnswer = Type.Object(
  { id: S, reference: S, row_version: Type.Integer(), related: Type.Array(RelatedIncident) },
  { additionalProperties: false },
);

/** Incident links and related suggestions (issue 16; docs/incidents.md, Links). */
export const incidentLinksModule: ApiModule = async (app) => {
  const _s = app.deps;
  const write = [requirePermission('incidents:read', 'incidents:write')];
  const call = (request: Parameters<typeof principalOf>[0]) => ({
    ctx: serviceContextOf(request),
    principal: principalOf(request),
  });

  app.post(
    '/incidents/:id/links',
    {
      onRequest: write,
      schema: {
        params: Type.Object({ id: Uuid }),
        body: Type.Object(
          {
            related: IncidentRef,
            note: Type.Optional(PersonText('multiline', { maxLength: LINK_NOTE_MAX })),
          },
          { additionalProperties: false },
        ),
        response: { 201: LinksAnswer, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await linkIncidents(call(request), request.params.id, request.body)),
  );

  app.get(
    '/incidents/:id/related-suggestions',
    {
      onRequest: [requirePermission('incidents:read')],
      schema: {
        params: Type.Object({ id: Uuid }),
        response: { 200: Suggestions, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => relatedSuggestions(serviceContextOf(request), principalOf(request), request.params.id),
  );

  app.delete(
    '/incidents/:id/links/:related_id',
    {
      onRequest: write,
      schema: {
        params: Type.Object({ id: Uuid, related_id: IncidentRef }),
        querystring: Type.Object(
          {
            reason: PersonText('multiline', { minLength: UNLINK_REASON_MIN, maxLength: UNLINK_REASON_MAX }),
          },
          { additionalProperties: false },
        ),
        response: { 200: LinksAnswer, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      unlinkIncidents(call(request), request.params.id, request.params.related_id, request.query.reason),
  );
};
