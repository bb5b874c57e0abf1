import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';

/** SQL for the identity module's own rows; tenant id comes first (server-modules contract). */

type Db = Kysely<Database> | Transaction<Database>;

/** Document 3, Limits: idle time 15-480 minutes, default 60. */
export const IDLE_MINUTES_DEFAULT = 60;
export const IDLE_MINUTES_MIN = 15;
export const IDLE_MINUTES_MAX = 480;

export async function getIdleMinutes(db: Db, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('identity_settings')
    .select('idle_minutes')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row?.idle_minutes ?? IDLE_MINUTES_DEFAULT;
}

export async function setIdleMinutes(db: Db, tenantId: string, minutes: number, now: Date): Promise<void> {
  await db
    .insertInto('identity_settings')
    .values({
      tenant_id: tenantId,
      idle_minutes: minutes,
      second_factor_required: 0,
      second_factor_since: null,
      second_factor_grace_days: 0,
      updated_at: now.toISOString(),
    })
    .onConflict((oc) =>
      oc.column('tenant_id').doUpdateSet({ idle_minutes: minutes, updated_at: now.toISOString() }),
    )
    .execute();
}

/** A wrong password: the count goes up and, at the limit, the account locks. */
export async function recordFailedSignIn(
  db: Db,
  tenantId: string,
  userId: string,
  failedLogins: number,
  lockedUntil: Date | null,
  now: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      failed_logins: failedLogins,
      locked_until: lockedUntil ? lockedUntil.toISOString() : null,
      updated_at: now.toISOString(),
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .execute();
}

/**
 * A right password (and second factor): failures forgotten, sign-in time kept. `clearLock` false
 * leaves a lapsed lock's time as it was (the enrol-at-sign-in path never cleared it).
 */
export async function recordSuccessfulSignIn(
  db: Db,
  tenantId: string,
  userId: string,
  now: Date,
  clearLock = true,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ failed_logins: 0, ...(clearLock ? { locked_until: null } : {}), last_login_at: now.toISOString() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .execute();
}

/** Unlock (document 3): lock and failure count cleared. */
export async function clearLock(db: Db, tenantId: string, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ failed_logins: 0, locked_until: null, updated_at: now.toISOString() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .execute();
}

export interface SecondFactorRequirement {
  required: boolean;
  since: string | null;
  grace_days: number;
  /** since + grace_days while required; null otherwise. */
  due_by: string | null;
}

export async function getSecondFactorRequirement(db: Db, tenantId: string): Promise<SecondFactorRequirement> {
  const row = await db
    .selectFrom('identity_settings')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (row?.second_factor_required !== 1 || row.second_factor_since === null)
    return { required: false, since: null, grace_days: row?.second_factor_grace_days ?? 0, due_by: null };
  const due = new Date(Date.parse(row.second_factor_since) + row.second_factor_grace_days * 86_400_000);
  return {
    required: true,
    since: row.second_factor_since,
    grace_days: row.second_factor_grace_days,
    due_by: due.toISOString(),
  };
}

export async function setSecondFactorRequirement(
  db: Db,
  tenantId: string,
  value: { required: boolean; since: string | null; grace_days: number },
  now: Date,
): Promise<void> {
  const set = {
    second_factor_required: value.required ? 1 : 0,
    second_factor_since: value.since,
    second_factor_grace_days: value.grace_days,
    updated_at: now.toISOString(),
  };
  await db
    .insertInto('identity_settings')
    .values({ tenant_id: tenantId, idle_minutes: IDLE_MINUTES_DEFAULT, ...set })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet(set))
    .execute();
}
