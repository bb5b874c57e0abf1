import { Type } from 'typebox';
import { interruptibleWriter } from '../../db/side-connections.js';
import { fieldError } from '../../http/errors.js';
import { errorResponses, Timestamp, Uuid } from '../../http/schemas.js';
import type { PolicyPort } from '../../ports/policy-port.js';
import { deviceServiceContext, serviceContextOf } from '../../service-context.js';
import { AgentUpdateOfferSchema } from '../agent-updates/public.js';
import { deviceOf } from '../agents/public.js';
import { enroll } from '../enrollment/public.js';
import type { ApiModule } from '../index.js';
import { HourlyQuota, ingestBatch, SerialQueue, wireOf } from '../ingest/public.js';
import { agentRequestBuckets } from './agent-scope.js';
import { LoopLag } from './loop-lag.js';
import { PolicyAnswers } from './policy-answers.js';
import { checkin, policyFor, renewCertificate } from './service.js';
import { UploadAdmission } from './upload-admission.js';

const Short = (max: number) => Type.String({ minLength: 1, maxLength: max });

const EnrollBody = Type.Object(
  {
    schema_version: Type.Object({ major: Type.Integer({ minimum: 0 }), minor: Type.Integer({ minimum: 0 }) }),
    enrollment_token: Short(200),
    hardware_id: Type.String({ pattern: '^[0-9a-fA-F]{64}$' }),
    hostname: Short(255),
    os: Short(200),
    os_version: Short(200),
    agent_version: Short(64),
    device_public_key_b64: Short(200),
    device_signature_algorithm: Short(64),
    device_key_protection: Short(64),
    csr_pem: Short(16_384),
    capabilities: Type.Record(Type.String(), Type.Unknown()),
  },
  { additionalProperties: false },
);

const SigningKey = Type.Object({
  key_id: Type.String(),
  public_key_b64: Type.String(),
  algorithm: Type.String(),
  not_after: Type.Union([Type.String(), Type.Null()]),
});

const EnrollReply = Type.Object({
  device_id: Type.String(),
  tenant_id: Type.String(),
  certificate_pem: Type.String(),
  ca_chain_pem: Type.String(),
  certificate_expires_at: Type.String(),
  policy_signing_keys: Type.Array(SigningKey),
  /** The trust version of `policy_signing_keys` (0 before any rotation; docs/signing-keys.md). */
  policy_trust_version: Type.Integer(),
  checkin_interval_secs: Type.Integer(),
  agent_group: Type.Union([Type.String(), Type.Null()]),
});

const CheckinBody = Type.Object(
  {
    health: Type.Record(Type.String(), Type.Unknown()),
    capabilities: Type.Record(Type.String(), Type.Unknown()),
    bundle_version: Type.Integer({ minimum: 0 }),
    policy_trust_version: Type.Optional(Type.Integer({ minimum: 0 })),
    trusted_policy_key_ids: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 })),
    edm_key_ids: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 })),
  },
  { additionalProperties: true },
);

const CheckinReply = Type.Object({
  server_time: Timestamp,
  clock_drift_ms: Type.Integer(),
  policy_update_available: Type.Boolean(),
  revoked: Type.Boolean(),
  certificate_rotation: Type.Boolean(),
  commands: Type.Array(
    Type.Object({
      id: Type.String(),
      kind: Type.String(),
      // Each command kind's fields, listed (docs/agent-interface.md): AskPerson carries the
      // question of an incident (docs/incidents.md, Questions); DiscoveryScan the scan and the
      // paths it asks for (docs/discovery-scans.md).
      payload: Type.Unsafe<unknown>(
        Type.Object(
          {
            question_id: Type.Optional(Type.String()),
            reference: Type.Optional(Type.String()),
            question: Type.Optional(Type.String()),
            lapses_at: Type.Optional(Type.String()),
            scan_id: Type.Optional(Type.String()),
            paths: Type.Optional(Type.Array(Type.String())),
          },
          { additionalProperties: false },
        ),
      ),
      created_at: Type.String(),
    }),
  ),
  // The next signed trust revision (docs/signing-keys.md): the bundle envelope's shape, its
  // payload a `policy_trust_update`; null when the endpoint's reported version is current.
  policy_trust_update: Type.Union([
    Type.Object(
      {
        alg: Type.String(),
        key_id: Type.String(),
        payload_b64: Type.String(),
        signature_b64: Type.String(),
      },
      { additionalProperties: false },
    ),
    Type.Null(),
  ]),
  agent_group: Type.Union([Type.String(), Type.Null()]),
  // docs/agent-updates.md: the release the device's group is rolled out to, when it runs another.
  agent_update: AgentUpdateOfferSchema,
  network_indicators: Type.Object({
    revision: Type.Integer(),
    dns_suffixes: Type.Array(Type.String()),
    ip_ranges: Type.Array(Type.String()),
  }),
});

const PolicyReply = Type.Object({
  bundle_version: Type.Integer(),
  // The signed envelope; the policy itself travels signed inside payload_b64.
  bundle: Type.Unsafe<unknown>(
    Type.Union([
      Type.Object(
        {
          alg: Type.String(),
          key_id: Type.String(),
          payload_b64: Type.String(),
          signature_b64: Type.String(),
        },
        { additionalProperties: false },
      ),
      Type.Null(),
    ]),
  ),
  reason: Type.Union([Type.String(), Type.Null()]),
  refused: Type.Union([
    Type.Object({ code: Type.Literal('upgrade_required'), missing: Type.Array(Type.String()) }),
    Type.Null(),
  ]),
});

const EventsBody = Type.Object(
  {
    batch_id: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9._:-]+$' }),
    events: Type.Array(Type.Unknown()),
  },
  { additionalProperties: false },
);

const EventsReply = Type.Object({
  batch_id: Type.String(),
  acks: Type.Array(
    Type.Object({
      event_id: Type.String(),
      status: Type.Union([
        Type.Literal('Accepted'),
        Type.Literal('Duplicate'),
        Type.Literal('Rejected'),
        Type.Literal('Retry'),
      ]),
      reason: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  throttle_ms: Type.Union([Type.Integer(), Type.Null()]),
});

/** The agent's timestamp from its signed headers, already checked by the scope hook. */
function signedAt(headers: Record<string, unknown>): number {
  return Date.parse(String(headers['x-dlp-timestamp']));
}

const agentErrors = errorResponses(400, 401, 404, 422, 429);

/**
 * The agent surface of document 2 (`/api/v1/agent/*`), part one: enrolment, unauthenticated (the
 * token is the credential).
 */
export function agentEnrollModule(policies: PolicyPort): ApiModule {
  return async (app) => {
    const s = app.deps;
    app.post(
      '/agent/enroll',
      {
        config: { auth: 'none' },
        schema: { body: EnrollBody, response: { 200: EnrollReply, ...errorResponses(400, 403, 422) } },
      },
      async (request) =>
        enroll(
          serviceContextOf(request),
          { policies, masterKey: s.keys.master, deviceCertDays: s.config.agent.deviceCertDays },
          request.body,
        ),
    );
  };
}

/**
 * Part two: the signed routes of the agent itself (probe, check-in, policy, certificate,
 * events). Registered inside the agent scope (`agentScope` in modules/index.ts) beside the
 * signed routes other modules serve.
 */
export function agentSignedModule(policies: PolicyPort): ApiModule {
  return async (scope) => {
    const s = scope.deps;
    const ingestState = {
      requests: agentRequestBuckets(s),
      events: new HourlyQuota(s.config.quota.eventsPerHour, s.config.quota.eventBurst, s.clock, {
        db: s.db,
        kind: 'quota.events',
      }),
      bytes: new HourlyQuota(s.config.quota.bytesPerHour, s.config.quota.byteBurst, s.clock, {
        db: s.db,
        kind: 'quota.bytes',
      }),
      writer: new SerialQueue(),
    };
    // With DLP_INGEST_LATE_LOOP_MS set, uploads wait while the event loop is late (loop-lag.ts).
    const lateLoopMs = s.config.agent.lateLoopMs;
    const loopLag = lateLoopMs > 0 ? new LoopLag(lateLoopMs) : null;
    if (loopLag) scope.addHook('onClose', async () => loopLag.stop());
    const admission = new UploadAdmission(
      s.config.agent.concurrentUploads,
      undefined,
      () => s.metrics.uploadsRefused.inc(),
      () => loopLag?.isLate ?? false,
    );

    scope.post(
      '/agent/probe',
      {
        config: { auth: 'agent' },
        schema: {
          body: Type.Object({ device_id: Uuid, client_time: Timestamp }, { additionalProperties: true }),
          response: {
            200: Type.Object({ server_time: Timestamp, clock_drift_ms: Type.Integer() }),
            ...agentErrors,
          },
        },
      },
      async (request) => {
        // Changes nothing: no command collected, no health or last-seen update (document 2).
        const device = deviceOf(request);
        if (request.body.device_id.toLowerCase() !== device.id)
          throw fieldError('device_id', 'is not the signing device');
        const now = s.clock.now();
        return {
          server_time: now.toISOString(),
          clock_drift_ms: now.getTime() - Date.parse(request.body.client_time),
        };
      },
    );

    scope.post(
      '/agent/checkin',
      {
        config: { auth: 'agent', allowRevoked: true },
        schema: { body: CheckinBody, response: { 200: CheckinReply, ...agentErrors } },
      },
      async (request) =>
        checkin(
          deviceServiceContext(request, deviceOf(request)),
          policies,
          deviceOf(request),
          {
            health: request.body.health,
            capabilities: request.body.capabilities,
            bundle_version: request.body.bundle_version,
            policy_trust_version: request.body.policy_trust_version ?? 0,
            trusted_policy_key_ids: request.body.trusted_policy_key_ids ?? [],
            edm_key_ids: request.body.edm_key_ids ?? [],
          },
          signedAt(request.headers),
        ),
    );

    const policyAnswers = new PolicyAnswers();
    scope.get(
      '/agent/policy',
      { config: { auth: 'agent' }, schema: { response: { 200: PolicyReply, ...agentErrors } } },
      async (request, reply) => {
        const device = deviceOf(request);
        const answer = await policyFor(deviceServiceContext(request, device), policies, device);
        if (answer.bundle === null) return answer;
        // The same bytes for every endpoint of the tenant at this version (policy-answers.ts),
        // made once by the route's own serialiser (its response schema).
        const bytes = policyAnswers.bytesFor(s.db, device.tenant_id, answer.bundle_version, () =>
          String(reply.serialize(answer)),
        );
        // Already JSON text: Fastify sends a string of a JSON content type as it is.
        return reply.type('application/json; charset=utf-8').send(bytes as never);
      },
    );

    scope.post(
      '/agent/certificate',
      {
        config: { auth: 'agent' },
        schema: {
          body: Type.Object({ csr_pem: Short(16_384) }, { additionalProperties: false }),
          response: {
            200: Type.Object({
              certificate_pem: Type.String(),
              certificate_expires_at: Timestamp,
              ca_chain_pem: Type.String(),
            }),
            ...agentErrors,
          },
        },
      },
      async (request) =>
        renewCertificate(
          deviceServiceContext(request, deviceOf(request)),
          { masterKey: s.keys.master, deviceCertDays: s.config.agent.deviceCertDays },
          deviceOf(request),
          request.body.csr_pem,
        ),
    );

    scope.post(
      '/agent/events',
      {
        config: { auth: 'agent' },
        // After the agent scope identified the device, before the body is read (upload-admission.ts).
        onRequest: admission.admit,
        // 500 events of up to 64 KiB each could not all be full; 16 MiB bounds the wire body.
        bodyLimit: 16 * 1024 * 1024,
        schema: { body: EventsBody, response: { 200: EventsReply, ...agentErrors, ...errorResponses(503) } },
      },
      async (request) => {
        // On SQLite the batch's transactions give the event loop a turn after each statement, so
        // check-ins are answered while it is stored (db/side-connections.ts).
        const ctx = { ...deviceServiceContext(request, deviceOf(request)), db: interruptibleWriter(s.db) };
        const answer = await ingestBatch(
          ctx,
          { policies, state: ingestState, config: s.config },
          deviceOf(request),
          request.body,
          wireOf(request.rawBody),
          request.agentBucketLeft,
        );
        if (answer.storeError !== undefined) {
          const e = answer.storeError as Error;
          request.log.error(
            { err: { type: e?.name, message: e?.message } },
            'event batch could not be stored',
          );
        }
        return { batch_id: answer.batch_id, acks: answer.acks, throttle_ms: answer.throttle_ms };
      },
    );
  };
}
