import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission } from '../../http/guards.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, IdParams, pageQuery } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { startDepartmentJob } from './department-job.js';
import { lookup } from './lookup.js';
import {
  CreatedSource,
  Kind,
  LookupBody,
  LookupPage,
  SourcePage,
  SourceView,
  UnmanagedAnswer,
} from './schemas.js';
import { createSource, pageOfSources, setEnabled } from './service.js';
import { unmanagedComputers } from './unmanaged.js';

const Reason = PersonText('multiline', { minLength: 1, maxLength: 500 });

/** Directory sources and lookup (document 3; docs/directory-sources.md). */
export const directorySourcesModule: ApiModule = async (app) => {
  const s = app.deps;
  const owner = requirePermission('tenant:write');
  const reader = requirePermission('policies:write', 'directory:read');

  // The department resolver (docs/directory-sources.md, Departments).
  let stop = () => {};
  app.addHook('onReady', async () => {
    stop = startDepartmentJob(s, s.config, (err) =>
      app.log.error({ err: { type: (err as Error)?.name } }, 'directory department pass failed'),
    );
  });
  app.addHook('onClose', async () => stop());

  app.post(
    '/directory-sources',
    {
      onRequest: [owner],
      schema: {
        body: Type.Object(
          {
            name: PersonText('line', { minLength: 1, maxLength: 100 }),
            credential_ref: Type.String({ minLength: 1, maxLength: 200 }),
            reason: Reason,
            source_kind: Type.Optional(Kind),
          },
          { additionalProperties: false },
        ),
        response: { 201: CreatedSource, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const created = await createSource(serviceContextOf(request), principalOf(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/directory-sources',
    {
      onRequest: [reader],
      schema: {
        querystring: Type.Object(
          { after: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) },
          { additionalProperties: false },
        ),
        response: { 200: SourcePage, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) =>
      pageOfSources(serviceContextOf(request), principalOf(request).tenantId, request.query.after ?? null),
  );

  app.post(
    '/directory-sources/:id/enabled',
    {
      onRequest: [owner],
      schema: {
        params: IdParams,
        body: Type.Object({ enabled: Type.Boolean(), reason: Reason }, { additionalProperties: false }),
        response: { 200: SourceView, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      setEnabled(serviceContextOf(request), principalOf(request), request.params.id, request.body),
  );

  app.post(
    '/directory-sources/:id/lookup',
    {
      onRequest: [reader],
      schema: {
        params: IdParams,
        body: LookupBody,
        response: { 200: LookupPage, ...errorResponses(401, 403, 404, 409, 422, 429, 502) },
      },
    },
    async (request) =>
      lookup(serviceContextOf(request), s.config, principalOf(request), request.params.id, request.body),
  );

  app.get(
    '/agents/unmanaged',
    {
      onRequest: [requirePermission('agents:read')],
      schema: {
        querystring: Type.Object(pageQuery({ maxLimit: 500, defaultLimit: 50, maxOffset: 100_000 }), {
          additionalProperties: false,
        }),
        response: { 200: UnmanagedAnswer, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) =>
      unmanagedComputers(serviceContextOf(request), s.config, principalOf(request), {
        limit: request.query.limit ?? 50,
        offset: request.query.offset ?? 0,
      }),
  );
};
