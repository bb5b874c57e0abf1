import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from './clock.js';
import type { Database } from './db/database.js';
import type { AppServices } from './deps.js';
import type { ActorType, AuditContext, AuditWriter } from './http/audit.js';

/**
 * The one shape a service is called with (docs/architecture.md, "Service context"): the
 * database, the audit writer, the clock, who acts and the request id. Services take it first,
 * then their own input as plain values; keys and settings a service needs besides come as
 * named parameters. Services never see Fastify objects: routes build the context with
 * `serviceContextOf(request)`.
 */
export interface ServiceContext {
  db: Kysely<Database>;
  audit: AuditWriter;
  clock: Clock;
  /** The request's x-request-id, stored with each audit entry; null for the server's own work. */
  requestId: string | null;
  /**
   * Who acts and in which tenant. Null only before a sign-in has found the account; such a
   * service acts as the user it found (`actingAs`).
   */
  actor: ServiceActor | null;
}

export interface ServiceActor {
  tenantId: string;
  type: ActorType;
  /** The user (an API token acts as its creator); null for the server itself. */
  id: string | null;
}

/** The context of a request: the app's parts and the principal (none on `auth: 'none'` routes). */
export function serviceContextOf(request: FastifyRequest): ServiceContext {
  const p = request.principal;
  return {
    ...partsOf(request.server.deps),
    requestId: request.id,
    actor: p ? { tenantId: p.tenantId, type: p.kind, id: p.userId } : null,
  };
}

/** A signed agent request: the verified device acts in its tenant (actor `agent`). */
export function deviceServiceContext(
  request: FastifyRequest,
  device: { tenant_id: string; id: string },
): ServiceContext {
  return {
    ...partsOf(request.server.deps),
    requestId: request.id,
    actor: { tenantId: device.tenant_id, type: 'agent', id: device.id },
  };
}

/**
 * What a job that sweeps every tenant holds (evidence retention, lapses): it builds a
 * `systemServiceContext` for each tenant it touches. Never a service's first parameter.
 */
export type SweepParts = Pick<AppServices, 'db' | 'audit' | 'clock'>;

/** The server's own work in a tenant (first start, lapses): actor `system`. */
export function systemServiceContext(
  deps: SweepParts,
  tenantId: string,
  requestId: string | null = null,
): ServiceContext {
  return { ...partsOf(deps), requestId, actor: { tenantId, type: 'system', id: null } };
}

/** The same request, acting as a user the service has identified (sign-in steps). */
export function actingAs(ctx: ServiceContext, user: { tenant_id: string; id: string }): ServiceContext {
  return { ...ctx, actor: { tenantId: user.tenant_id, type: 'user', id: user.id } };
}

/** The actor, for services that only run for a signed-in principal (a programming error else). */
export function actorOf(ctx: ServiceContext): ServiceActor {
  if (!ctx.actor) throw new Error('this service needs an actor; the route runs without a principal');
  return ctx.actor;
}

/** The acting user's id, for services that only a person (or their API token) calls. */
export function userIdOf(ctx: ServiceContext): string {
  const { id } = actorOf(ctx);
  if (id === null) throw new Error('this service needs a user; the server itself is acting');
  return id;
}

/** What the audit writer records for this context. */
export function auditContextFor(ctx: ServiceContext): AuditContext & { tenantId: string } {
  const actor = actorOf(ctx);
  return { tenantId: actor.tenantId, actor: { type: actor.type, id: actor.id }, requestId: ctx.requestId };
}

function partsOf(deps: SweepParts) {
  return { db: deps.db, audit: deps.audit, clock: deps.clock };
}
