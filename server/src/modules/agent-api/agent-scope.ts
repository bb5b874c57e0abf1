import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../../deps.js';
import { AppError } from '../../http/errors.js';
import { SharedBuckets } from '../../http/shared-buckets.js';
import type { ApiModule } from '../index.js';
import { checkClientCertificate } from './client-certificate.js';
import { type Claimed, IdentityRefused, identifyDevice, verifyClaim } from './signed-request.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact request bytes the signature covered. */
    rawBody: Buffer | null;
    /** Tokens left in the device bucket after this request (soft back-pressure). */
    agentBucketLeft: number | null;
  }
  interface FastifyContextConfig {
    /** Check-in only: a revoked device passes so that it learns it is revoked (document 2). */
    allowRevoked?: boolean;
  }
}

export interface AgentScopeOptions {
  /** The per-device request bucket (DLP_AGENT_RATE_PER_MINUTE / DLP_AGENT_RATE_BURST). */
  buckets: SharedBuckets;
}

/**
 * Document 2, Limits: a throttled device raises an alert (audit `agent.throttled`) at most once
 * per DLP_AGENT_RATE_ALERT_COOLDOWN_MINUTES, so a device hammering the server leaves one line per
 * gap rather than one per refused request. Per process (with several instances, one line per gap
 * per instance).
 */
export class ThrottleAlerts {
  private readonly last = new Map<string, number>();

  constructor(private readonly cooldownMs: number) {}

  /** True when this refusal should be recorded. */
  due(deviceId: string, now: Date): boolean {
    const at = this.last.get(deviceId);
    if (at !== undefined && now.getTime() - at < this.cooldownMs) return false;
    if (this.last.size > 100_000) this.last.clear();
    this.last.set(deviceId, now.getTime());
    return true;
  }
}

function malformed(message: string): AppError {
  return new AppError('request.malformed', message);
}

/**
 * Makes an encapsulated scope an agent surface (document 2, Agent requests): bodies are read as
 * raw bytes, the signature is verified over those exact bytes before anything is parsed, then a
 * JSON body is parsed for the route schema. A refusal's cause is logged; the caller sees the
 * one answer (an unknown or revoked device and a bad signature are alike).
 */
export function registerAgentScope(scope: FastifyInstance, options: AgentScopeOptions): void {
  const alerts = new ThrottleAlerts(scope.deps.config.agent.rateAlertCooldownMinutes * 60_000);
  scope.decorateRequest('agentDevice', null);
  scope.decorateRequest('rawBody', null);
  scope.decorateRequest('agentBucketLeft', null);
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const claims = new WeakMap<FastifyRequest, Claimed>();

  function logged(request: FastifyRequest, error: unknown): unknown {
    if (error instanceof IdentityRefused) {
      request.log.warn({ refusal: error.refusal, route: request.routeOptions.url }, 'agent request refused');
    } else if (error instanceof AppError) {
      request.log.info({ code: error.code, route: request.routeOptions.url }, 'agent request refused');
    }
    return error;
  }

  // Headers, skew and device before the body is read: an unknown or revoked device never
  // gets to send its bytes.
  scope.addHook('onRequest', async (request: FastifyRequest) => {
    const services = request.server.deps;
    try {
      claims.set(
        request,
        await identifyDevice(services.db, {
          url: request.url,
          headers: request.headers,
          now: services.clock.now(),
          allowRevoked: request.routeOptions.config.allowRevoked === true,
        }),
      );
    } catch (error) {
      throw logged(request, error);
    }
  });

  scope.addHook('preValidation', async (request: FastifyRequest) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    request.rawBody = raw;
    const services = request.server.deps;
    const claim = claims.get(request);
    if (!claim) throw new IdentityRefused('missing_header');
    try {
      request.agentDevice = await verifyClaim(services.db, claim, request.method, raw, services.clock.now());
      checkClientCertificate(request, request.agentDevice, services.clock.now());
    } catch (error) {
      throw logged(request, error);
    }
    const take = await options.buckets.take(request.agentDevice.id);
    if (!take.ok) {
      const device = request.agentDevice;
      if (alerts.due(device.id, services.clock.now())) {
        await services.audit.write(
          { tenantId: device.tenant_id, actor: { type: 'agent', id: device.id }, requestId: request.id },
          {
            action: 'agent.throttled',
            subject: { type: 'agent', id: device.id },
            metadata: { retry_after_seconds: take.retryAfterSeconds },
          },
        );
      }
      throw new AppError('agent.rate_limited', 'this device is sending too many requests; retry later', [], {
        'retry-after': String(take.retryAfterSeconds),
      });
    }
    request.agentBucketLeft = take.remaining;
    const type = String(request.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase();
    if (raw.length === 0) {
      request.body = undefined;
      return;
    }
    if (type === 'application/json') {
      try {
        request.body = JSON.parse(raw.toString('utf8')) as unknown;
      } catch {
        throw malformed('the body is not valid JSON');
      }
      if (request.body === null || typeof request.body !== 'object' || Array.isArray(request.body)) {
        throw malformed('the body must be a JSON object');
      }
    } else if (type !== 'application/octet-stream') {
      throw malformed('unsupported content type');
    }
  });
}

/**
 * The per-device request bucket of an app (DLP_AGENT_RATE_PER_MINUTE / DLP_AGENT_RATE_BURST):
 * one per app, shared by every route of the agent scope and by ingest's back-pressure.
 */
const bucketsByApp = new WeakMap<AppServices, SharedBuckets>();
export function agentRequestBuckets(services: AppServices): SharedBuckets {
  let buckets = bucketsByApp.get(services);
  if (!buckets) {
    buckets = new SharedBuckets({
      db: services.db,
      kind: 'agent.requests',
      ratePerMinute: services.config.agent.ratePerMinute,
      burst: services.config.agent.rateBurst,
      clock: services.clock,
    });
    bucketsByApp.set(services, buckets);
  }
  return buckets;
}

/**
 * The signed agent scope as one registry entry (modules/index.ts): each module that serves
 * signed agent routes lists its own plugin in `entries`, and they all run inside one scope
 * (signature checked over the raw bytes, one request bucket per device).
 */
export function agentScope(entries: readonly ApiModule[]): ApiModule {
  return async (app) => {
    await app.register(async (plain) => {
      registerAgentScope(plain, { buckets: agentRequestBuckets(plain.deps) });
      for (const entry of entries) await plain.register(entry);
    });
  };
}
