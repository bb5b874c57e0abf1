import { Type } from 'typebox';
import { requirePermission } from '../../http/guards.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, IdParams, Timestamp, Uuid } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import {
  addMember,
  createTeam,
  deleteTeam,
  listTeams,
  removeMember,
  type TeamDeletionHook,
} from './service.js';

const TeamView = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    member_count: Type.Integer(),
    member: Type.Boolean(),
    members: Type.Array(
      Type.Object(
        {
          user_id: Type.String(),
          email: Type.String(),
          display_name: Type.Union([Type.String(), Type.Null()]),
        },
        { additionalProperties: false },
      ),
    ),
    created_at: Timestamp,
  },
  { additionalProperties: false },
);

/** Teams (document 2, "Saved views and teams"; docs/saved-views.md). */
export function teamsModule(onTeamDeleted: TeamDeletionHook): ApiModule {
  return async (app) => {
    const manage = [requirePermission('users:write')];

    app.get(
      '/teams',
      {
        onRequest: [requirePermission('incidents:read')],
        schema: {
          response: { 200: Type.Object({ items: Type.Array(TeamView) }), ...errorResponses(401, 403) },
        },
      },
      async (request) => listTeams(serviceContextOf(request)),
    );

    app.post(
      '/teams',
      {
        onRequest: manage,
        schema: {
          body: Type.Object(
            { name: PersonText('line', { minLength: 1, maxLength: 60 }) },
            { additionalProperties: false },
          ),
          response: { 201: TeamView, ...errorResponses(401, 403, 409, 422) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createTeam(serviceContextOf(request), request.body)),
    );

    app.delete(
      '/teams/:id',
      {
        onRequest: manage,
        schema: { params: IdParams, response: { 204: Type.Null(), ...errorResponses(401, 403, 404) } },
      },
      async (request, reply) => {
        await deleteTeam(serviceContextOf(request), request.params.id, onTeamDeleted);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/teams/:id/members',
      {
        onRequest: manage,
        schema: {
          params: IdParams,
          body: Type.Object({ user_id: Uuid }, { additionalProperties: false }),
          response: { 200: Type.Object({ added: Type.Boolean() }), ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => addMember(serviceContextOf(request), request.params.id, request.body.user_id),
    );

    app.delete(
      '/teams/:id/members/:user_id',
      {
        onRequest: manage,
        schema: {
          params: Type.Object({ id: Uuid, user_id: Uuid }),
          response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await removeMember(serviceContextOf(request), request.params.id, request.params.user_id);
        return reply.code(204).send(null);
      },
    );
  };
}
