import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission } from '../../http/guards.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, IdParams, Timestamp, Uuid } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import {
  createSavedView,
  deleteSavedView,
  listSavedViews,
  setSavedViewDefault,
  useSavedView,
} from './service.js';
import { SURFACES, VISIBILITIES } from './shape.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Key = Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$' });
const Surface = Type.Union([Type.Literal(SURFACES[0]), Type.Literal(SURFACES[1])]);
const Visibility = Type.Union([
  Type.Literal(VISIBILITIES[0]),
  Type.Literal(VISIBILITIES[1]),
  Type.Literal(VISIBILITIES[2]),
]);
const Filter = Type.Object(
  { name: Key, value: PersonText('line', { maxLength: 1000 }) },
  { additionalProperties: false },
);

/** What the surface shows: its filters by name, the sort, the columns (docs/saved-views.md). */
const StateIn = Type.Object(
  {
    filters: Type.Array(Filter, { maxItems: 40 }),
    sort: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
    columns: Type.Optional(Type.Array(Key, { maxItems: 40 })),
  },
  { additionalProperties: false },
);
const StateOut = Type.Object(
  { filters: Type.Array(Filter), sort: Nullable(Type.String()), columns: Type.Array(Type.String()) },
  { additionalProperties: false },
);

const ViewOut = Type.Object(
  {
    id: Type.String(),
    surface: Surface,
    name: Type.String(),
    state: StateOut,
    visibility: Visibility,
    team_id: Nullable(Type.String()),
    team_name: Nullable(Type.String()),
    is_default: Type.Boolean(),
    owned: Type.Boolean(),
    opens_in: Type.Boolean(),
    created_at: Timestamp,
    last_used_at: Nullable(Timestamp),
  },
  { additionalProperties: false },
);

/** Saved views of the incident queue and Activity Explorer (document 2; docs/saved-views.md). */
export const savedViewsModule: ApiModule = async (app) => {
  const read = [requirePermission('incidents:read')];

  app.get(
    '/saved-views',
    {
      onRequest: read,
      schema: {
        querystring: Type.Object({ surface: Surface }, { additionalProperties: false }),
        response: { 200: Type.Object({ items: Type.Array(ViewOut) }), ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => listSavedViews(serviceContextOf(request), request.query.surface),
  );

  app.post(
    '/saved-views',
    {
      onRequest: read,
      schema: {
        body: Type.Object(
          {
            surface: Surface,
            name: PersonText('line', { minLength: 1, maxLength: 60 }),
            state: StateIn,
            visibility: Visibility,
            team_id: Type.Optional(Uuid),
          },
          { additionalProperties: false },
        ),
        response: { 201: ViewOut, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const view = await createSavedView(
        serviceContextOf(request),
        principalOf(request).permissions,
        request.body,
      );
      return reply.code(201).send(view);
    },
  );

  app.delete(
    '/saved-views/:id',
    {
      onRequest: read,
      schema: { params: IdParams, response: { 204: Type.Null(), ...errorResponses(401, 403, 404) } },
    },
    async (request, reply) => {
      await deleteSavedView(serviceContextOf(request), principalOf(request).permissions, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/saved-views/:id/default',
    {
      onRequest: read,
      schema: {
        params: IdParams,
        body: Type.Object({ default: Type.Boolean() }, { additionalProperties: false }),
        response: { 200: ViewOut, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      setSavedViewDefault(
        serviceContextOf(request),
        principalOf(request).permissions,
        request.params.id,
        request.body.default,
      ),
  );

  app.post(
    '/saved-views/:id/used',
    {
      onRequest: read,
      schema: {
        params: IdParams,
        response: {
          200: Type.Object({ id: Type.String(), used_at: Timestamp }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => useSavedView(serviceContextOf(request), request.params.id),
  );
};
