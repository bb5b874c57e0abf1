import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission, requireStepUp } from '../../http/guards.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, Timestamp } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { TEST_FOLDER_PATH_MAX, TEST_FOLDERS_MAX } from './test-folders.js';
import {
  applyTestFolders,
  getTestFolders,
  setTestFolders,
  testFolderSuggestion,
} from './test-folders-service.js';

const S = Type.String();
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Reason = PersonText('multiline', { minLength: 5, maxLength: 500 });

const Folders = Type.Array(
  Type.Object({ path: S, added_by_email: Nullable(S), added_at: Timestamp }, { additionalProperties: false }),
  { maxItems: TEST_FOLDERS_MAX },
);

/** Test folders (document 2, Test-folder rule; docs/incidents.md, Test folders). */
export const incidentTestFoldersModule: ApiModule = async (app) => {
  const _s = app.deps;
  const call = (request: Parameters<typeof principalOf>[0]) => ({
    ctx: serviceContextOf(request),
    principal: principalOf(request),
  });

  app.get(
    '/settings/test-folders',
    {
      onRequest: [requirePermission('incidents:read')],
      schema: {
        response: {
          200: Type.Object({ folders: Folders }, { additionalProperties: false }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => getTestFolders(serviceContextOf(request), principalOf(request)),
  );

  app.post(
    '/settings/test-folders',
    {
      onRequest: [requirePermission('tenant:write')],
      schema: {
        body: Type.Object(
          {
            folders: Type.Array(Type.String({ minLength: 1, maxLength: TEST_FOLDER_PATH_MAX }), {
              maxItems: TEST_FOLDERS_MAX,
            }),
            reason: Reason,
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ folders: Folders, changed: Type.Boolean() }, { additionalProperties: false }),
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request) => setTestFolders(call(request), request.body),
  );

  app.post(
    '/settings/test-folders/apply',
    {
      onRequest: [requirePermission('tenant:write'), requireStepUp('enforcement_bypass')],
      schema: {
        body: Type.Object({ reason: Reason }, { additionalProperties: false }),
        response: {
          200: Type.Object(
            { marked: Type.Integer(), folders: Type.Integer(), skipped_self: Type.Integer() },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request) => applyTestFolders(call(request), request.body),
  );

  app.get(
    '/incidents/test-folder-suggestion',
    {
      onRequest: [requirePermission('tenant:write')],
      schema: {
        response: {
          200: Nullable(
            Type.Object(
              { folder: S, open: Type.Integer(), of_open: Type.Integer() },
              { additionalProperties: false },
            ),
          ),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => testFolderSuggestion(serviceContextOf(request), principalOf(request)),
  );
};
