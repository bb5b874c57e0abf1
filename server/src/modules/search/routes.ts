import { Type } from 'typebox';
import { errorResponses, Timestamp } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { SEARCH_KINDS } from './kinds.js';
import { search } from './service.js';

const Kind = Type.String({ description: `one of ${SEARCH_KINDS.map((k) => k.kind).join(', ')}` });

const SearchHitView = Type.Object(
  {
    kind: Kind,
    id: Type.String(),
    label: Type.String(),
    detail: Type.Union([Type.String(), Type.Null()]),
    at: Type.Union([Timestamp, Type.Null()]),
  },
  { additionalProperties: false },
);

/**
 * GET /search (document 2, Search; docs/search.md). Any signed-in caller may search: what each
 * kind needs is checked per kind, and the kinds the caller may not read come back in
 * `not_searched`. The text is in the query string, which the server never logs.
 */
export const searchModule: ApiModule = async (app) => {
  app.get(
    '/search',
    {
      schema: {
        querystring: Type.Object(
          { q: Type.Optional(Type.String({ maxLength: 1000 })) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object(
            { query: Type.String(), hits: Type.Array(SearchHitView), not_searched: Type.Array(Kind) },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 422),
        },
      },
    },
    async (request) =>
      search(
        serviceContextOf(request),
        request.principal!,
        request.query.q,
        request.server.deps.metrics.search,
      ),
  );
};
