import { Type } from 'typebox';
import { notFound } from '../../http/errors.js';
import { requirePermission } from '../../http/guards.js';
import { errorResponses, Timestamp, Uuid } from '../../http/schemas.js';
import { deviceServiceContext, serviceContextOf } from '../../service-context.js';
import { deviceOf } from '../agents/public.js';
import type { ApiModule } from '../index.js';
import { openReleaseFile } from './release-files.js';
import { MAX_RULES, setRollout, updateManifest, VERSION_PATTERN } from './service.js';
import { findRelease } from './store.js';

const Signed = {
  version: Type.String(),
  platform: Type.String(),
  size_bytes: Type.Integer(),
  sha256: Type.String(),
  signature_b64: Type.String(),
  key_id: Type.String(),
};

const Release = Type.Object({ id: Type.String(), ...Signed, created_at: Timestamp });

/** Check-in's `agent_update` (the agent-api module's reply lists it). */
export const AgentUpdateOfferSchema = Type.Union([
  Type.Object({ release_id: Type.String(), ...Signed, download_path: Type.String() }),
  Type.Null(),
]);

const Rule = Type.Object({
  agent_group: Type.String(),
  version: Type.Union([Type.String(), Type.Null()]),
  updated_at: Timestamp,
});

const Manifest = Type.Object({ releases: Type.Array(Release), rollout: Type.Array(Rule) });

const RolloutBody = Type.Object(
  {
    rollout: Type.Array(
      Type.Object(
        {
          // A group name as the console shows it; the service resolves it (422 names the rule).
          agent_group: Type.String({ minLength: 1, maxLength: 200 }),
          version: Type.Optional(Type.String({ pattern: VERSION_PATTERN, maxLength: 64 })),
        },
        { additionalProperties: false },
      ),
      // One above the limit so an over-long list gets the service's sentence.
      { maxItems: MAX_RULES + 1 },
    ),
  },
  { additionalProperties: false },
);

/**
 * The update manifest (document 2, Agent installation and rollout; docs/agent-updates.md): the
 * releases an operator registered (`dlp-server release add`), each signed by the tenant's key, and
 * the rollout by endpoint group. Changing the rollout updates machines: `agents:write`.
 */
export const agentUpdatesModule: ApiModule = async (app) => {
  app.get(
    '/agents/update-manifest',
    {
      onRequest: [requirePermission('agents:read')],
      schema: { response: { 200: Manifest, ...errorResponses(401, 403) } },
    },
    async (request) => {
      const ctx = serviceContextOf(request);
      return updateManifest(ctx, ctx.actor!.tenantId);
    },
  );
  app.post(
    '/agents/update-manifest',
    {
      onRequest: [requirePermission('agents:write')],
      schema: { body: RolloutBody, response: { 200: Manifest, ...errorResponses(401, 403, 422) } },
    },
    async (request) => {
      const ctx = serviceContextOf(request);
      return setRollout(ctx, ctx.actor!.tenantId, request.body.rollout);
    },
  );
};

/**
 * The package download of the signed agent scope: a GET signed like every agent route (no query,
 * empty body), answering the tenant's release file as a stream. Another tenant's release and a
 * missing one are the identical 404. The agent checks size, SHA-256 and signature itself.
 */
export const agentUpdatePackageModule: ApiModule = async (scope) => {
  const s = scope.deps;
  scope.get(
    '/agent/update-packages/:release_id',
    {
      config: { auth: 'agent' },
      schema: {
        params: Type.Object({ release_id: Uuid }),
        response: {
          200: {
            description: 'the package bytes, exactly as signed',
            content: { 'application/octet-stream': { schema: Type.String({ format: 'binary' }) } },
          },
          ...errorResponses(400, 401, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const device = deviceOf(request);
      const ctx = deviceServiceContext(request, device);
      const release = await findRelease(ctx.db, device.tenant_id, request.params.release_id);
      const file = release ? await openReleaseFile(s.config.dataDir, release.sha256) : null;
      if (!release || !file || file.size !== release.size_bytes) {
        file?.stream.destroy();
        throw notFound('release');
      }
      return (
        reply
          .header('content-type', 'application/octet-stream')
          .header('content-length', String(file.size))
          .header('cache-control', 'no-store')
          .header('x-dlp-package-sha256', release.sha256)
          // The 200 is bytes streamed from disk, not a JSON schema.
          .send(file.stream as unknown as string)
      );
    },
  );
};
