import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { runOncePerOccurrence } from '../../db/job-runs.js';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission } from '../../http/guards.js';
import { errorResponses, IdParams, Timestamp, Uuid } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import {
  downloadEvidenceFile,
  type EvidenceCall,
  type EvidenceConsoleParts,
  type IncidentLookup,
  JUSTIFICATION_MAX,
  listEvidenceFiles,
  openEvidence,
} from './console-service.js';
import { deleteExpiredCopies, RETENTION_SWEEP_MS } from './retention.js';

const S = Type.String();
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** The justification is checked in the service so that a refusal is audited and counted. */
const Justification = Type.Object(
  { justification: Type.Optional(Type.String({ maxLength: JUSTIFICATION_MAX })) },
  { additionalProperties: false },
);

const Opened = Type.Object(
  { incident_id: S, opened_at: Timestamp, expires_at: Timestamp },
  { additionalProperties: false },
);

const EvidenceFile = Type.Object(
  {
    id: S,
    event_id: S,
    size_bytes: Nullable(Type.Integer()),
    // stored, delete_failed, deleted, withheld (document 2).
    state: S,
    // over_cap, changed, unreadable, spool_full, spool_failed, given_up, refused; null for a copy.
    withheld_reason: Nullable(S),
    stored_at: Nullable(Timestamp),
    expires_at: Nullable(Timestamp),
    deleted_at: Nullable(Timestamp),
  },
  { additionalProperties: false },
);

const FileList = Type.Object(
  { incident_id: S, items: Type.Array(EvidenceFile) },
  { additionalProperties: false },
);

/**
 * Evidence access from the console (document 2; docs/evidence.md). The incident lookup is the
 * incidents module's visibility rule, passed in by the registry so neither module imports the other.
 */
export function evidenceConsoleModule(incidents: IncidentLookup): ApiModule {
  return async (app) => {
    const s = app.deps;
    const parts: EvidenceConsoleParts = {
      masterKey: s.keys.master,
      dataDir: s.config.dataDir,
      databaseUrl: s.config.databaseUrl,
      metrics: s.metrics,
      incident: incidents,
    };
    const call = (request: FastifyRequest): EvidenceCall => ({
      ctx: serviceContextOf(request),
      principal: principalOf(request),
      parts,
    });
    // The retention job: stopped when the server closes.
    let sweep: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      sweep = setInterval(() => {
        const now = s.clock.now();
        runOncePerOccurrence(s.db, 'evidence.retention', RETENTION_SWEEP_MS, now, () =>
          deleteExpiredCopies(s, s.config.dataDir, now),
        ).catch((err: unknown) =>
          app.log.error({ err: { type: (err as Error)?.name } }, 'evidence retention job failed'),
        );
      }, RETENTION_SWEEP_MS);
      sweep.unref();
    });
    app.addHook('onClose', async () => clearInterval(sweep));

    app.post(
      '/incidents/:id/evidence',
      {
        onRequest: [requirePermission('incidents:read')],
        schema: {
          params: IdParams,
          body: Justification,
          response: { 200: Opened, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request) => openEvidence(call(request), request.params.id, request.body.justification),
    );

    app.get(
      '/incidents/:id/evidence-files',
      {
        onRequest: [requirePermission('incidents:read')],
        schema: { params: IdParams, response: { 200: FileList, ...errorResponses(401, 403, 404) } },
      },
      async (request) => listEvidenceFiles(call(request), request.params.id),
    );

    app.post(
      '/incidents/:id/evidence-files/:file_id/download',
      {
        onRequest: [requirePermission('incidents:read')],
        schema: {
          params: Type.Object({ id: Uuid, file_id: Uuid }),
          body: Justification,
          response: {
            200: {
              description: 'the file bytes as the agent read them, as an attachment',
              content: { 'application/octet-stream': { schema: Type.String({ format: 'binary' }) } },
            },
            ...errorResponses(400, 401, 403, 404, 409, 422, 502),
          },
        },
      },
      async (request, reply) => {
        const out = await downloadEvidenceFile(
          call(request),
          request.params.id,
          request.params.file_id,
          request.body.justification,
        );
        return (
          reply
            .header('content-type', 'application/octet-stream')
            .header('content-disposition', `attachment; filename="evidence-${out.id}.bin"`)
            .header('cache-control', 'no-store')
            .header('x-svc-evidence-blake3', out.blake3)
            // The 200 is bytes, not a JSON schema: the typed reply does not know a Buffer.
            .send(out.bytes as unknown as string)
        );
      },
    );
  };
}
