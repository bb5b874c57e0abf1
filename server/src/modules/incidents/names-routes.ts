import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission } from '../../http/guards.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, Timestamp } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { getNameSettings, setNameSettings } from './names-service.js';

const Settings = Type.Object(
  { names_hidden: Type.Boolean(), updated_at: Type.Union([Timestamp, Type.Null()]) },
  { additionalProperties: false },
);

/** Names hidden (docs/incidents.md, "Names hidden"): the tenant's switch, read and set. */
export const incidentNamesModule: ApiModule = async (app) => {
  app.get(
    '/settings/incident-names',
    {
      onRequest: [requirePermission('incidents:read')],
      schema: { response: { 200: Settings, ...errorResponses(401, 403) } },
    },
    async (request) => getNameSettings(serviceContextOf(request), principalOf(request)),
  );
  app.post(
    '/settings/incident-names',
    {
      onRequest: [requirePermission('tenant:manage')],
      schema: {
        body: Type.Object(
          {
            names_hidden: Type.Boolean(),
            reason: PersonText('multiline', { minLength: 5, maxLength: 500 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: Settings, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => setNameSettings(serviceContextOf(request), principalOf(request), request.body),
  );
};
