import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database } from '../db/database.js';

export type ActorType = 'user' | 'api_token' | 'system' | 'scim' | 'agent';

export interface AuditContext {
  tenantId: string | null;
  actor: { type: ActorType; id: string | null };
  /** The request's x-request-id; stored as metadata.request_id (document 2). */
  requestId: string | null;
}

export interface AuditEntry {
  action: string;
  subject?: { type: string; id: string } | null;
  metadata?: Record<string, unknown>;
}

/**
 * Key fragments that mark a secret. No secret, code, digest, invitation or link may appear in an
 * audit entry (document 3, Events); a key like this is a programming error and is refused.
 */
const SECRET_PARTS = new Set([
  'password',
  'passwd',
  'passphrase',
  'secret',
  'token',
  'digest',
  'hash',
  'cookie',
  'authorization',
  'otp',
  'totp',
  'invitation',
  'link',
  'credential',
]);
const SECRET_KEYS = new Set([
  'code',
  'codes',
  'recovery_code',
  'recovery_codes',
  'private_key',
  'api_key',
  'key',
]);
/** A key ending so describes the secret without holding it: `token_public_id`, `credential_ref`. */
const SAFE_LAST = new Set([
  'id',
  'ids',
  'count',
  'name',
  'ref',
  'prefix',
  'kind',
  'at',
  'left',
  'expires',
  'expired',
]);

export function isSecretKey(key: string): boolean {
  const lower = key.toLowerCase();
  if (SECRET_KEYS.has(lower)) return true;
  const parts = lower.split(/[_\-.]/);
  if (SAFE_LAST.has(parts[parts.length - 1] ?? '')) return false;
  return parts.some((x) => SECRET_PARTS.has(x));
}

function assertNoSecrets(value: unknown, path: string): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      assertNoSecrets(v, `${path}[${i}]`);
    });
    return;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (isSecretKey(k))
        throw new Error(`audit metadata key ${path}${k} looks like a secret and is refused`);
      assertNoSecrets(v, `${path}${k}.`);
    }
  }
}

type Db = Kysely<Database> | Transaction<Database>;

/** The one audit writer (DESIGN.md, Audit): every state change names actor, subject, request id. */
export class AuditWriter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** Pass `executor` to write inside the caller's transaction. Returns the entry id. */
  async write(ctx: AuditContext, entry: AuditEntry, executor: Db = this.db): Promise<string> {
    const metadata = { ...(entry.metadata ?? {}) };
    assertNoSecrets(metadata, '');
    if (ctx.requestId) metadata.request_id = ctx.requestId;
    const id = randomUUID();
    await executor
      .insertInto('audit_events')
      .values({
        id,
        tenant_id: ctx.tenantId,
        actor_type: ctx.actor.type,
        actor_id: ctx.actor.id,
        action: entry.action,
        subject_type: entry.subject?.type ?? null,
        subject_id: entry.subject?.id ?? null,
        metadata: JSON.stringify(metadata),
        created_at: this.clock.now().toISOString(),
      })
      .execute();
    return id;
  }
}

/** The audit context of an authenticated request (an API token acts as its creator). */
export function auditContextOf(request: FastifyRequest): AuditContext {
  const p = request.principal;
  return {
    tenantId: p?.tenantId ?? null,
    actor: p ? { type: p.kind, id: p.userId } : { type: 'system', id: null },
    requestId: request.id,
  };
}

/** Work the server does on its own (first start, lapses, resolvers). */
export function systemContext(tenantId: string | null, requestId: string | null = null): AuditContext {
  return { tenantId, actor: { type: 'system', id: null }, requestId };
}
