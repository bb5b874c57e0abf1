import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';

/**
 * SQL for the second factor: `second_factors`, `recovery_codes` and `sign_in_challenges`
 * (identity owns them); tenant id first where the caller knows it.
 */

type Db = Kysely<Database> | Transaction<Database>;

export async function findSecondFactor(db: Db, tenantId: string, userId: string) {
  return db
    .selectFrom('second_factors')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** An unconfirmed factor with a fresh sealed secret, in place of any earlier one. */
export async function replacePendingFactor(
  db: Db,
  tenantId: string,
  userId: string,
  secretSealed: string,
  now: Date,
): Promise<void> {
  await db
    .deleteFrom('second_factors')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .execute();
  await db
    .insertInto('second_factors')
    .values({
      user_id: userId,
      tenant_id: tenantId,
      secret_sealed: secretSealed,
      confirmed_at: null,
      last_step: null,
      created_at: now.toISOString(),
    })
    .execute();
}

export async function confirmFactor(
  db: Db,
  tenantId: string,
  userId: string,
  step: number,
  now: Date,
): Promise<void> {
  await db
    .updateTable('second_factors')
    .set({ confirmed_at: now.toISOString(), last_step: step })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .execute();
}

/** Moves the last accepted step forward; false when the step was already used (or passed). */
export async function advanceFactorStep(
  db: Db,
  tenantId: string,
  userId: string,
  step: number,
): Promise<boolean> {
  const moved = await db
    .updateTable('second_factors')
    .set({ last_step: step })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** Removes the factor and its recovery codes; the counts removed. */
export async function deleteSecondFactor(
  db: Db,
  tenantId: string,
  userId: string,
): Promise<{ factors: number; recoveryCodes: number }> {
  const codes = await db
    .deleteFrom('recovery_codes')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const factors = await db
    .deleteFrom('second_factors')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { factors: Number(factors.numDeletedRows), recoveryCodes: Number(codes.numDeletedRows) };
}

export async function countUnusedRecoveryCodes(db: Db, tenantId: string, userId: string): Promise<number> {
  const left = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(left.n);
}

/** The account's recovery codes become exactly these digests. */
export async function replaceRecoveryCodes(
  db: Db,
  tenantId: string,
  userId: string,
  digests: readonly string[],
): Promise<void> {
  await db
    .deleteFrom('recovery_codes')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .execute();
  await db
    .insertInto('recovery_codes')
    .values(
      digests.map((digest) => ({
        id: randomUUID(),
        tenant_id: tenantId,
        user_id: userId,
        digest,
        used_at: null,
      })),
    )
    .execute();
}

export async function findUnusedRecoveryCode(
  db: Db,
  tenantId: string,
  userId: string,
  digest: string,
): Promise<string | null> {
  const found = await db
    .selectFrom('recovery_codes')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('digest', '=', digest)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return found?.id ?? null;
}

/** Marks a recovery code used; false when another request spent it first. */
export async function spendRecoveryCode(db: Db, tenantId: string, id: string, now: Date): Promise<boolean> {
  const used = await db
    .updateTable('recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

export async function insertChallenge(
  db: Db,
  tenantId: string,
  row: { userId: string; digest: string; kind: 'second_factor' | 'enrol'; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('sign_in_challenges')
    .values({
      id: randomUUID(),
      tenant_id: tenantId,
      user_id: row.userId,
      digest: row.digest,
      kind: row.kind,
      attempts: 0,
      expires_at: row.expiresAt.toISOString(),
      used_at: null,
    })
    .execute();
}

/** The one lookup without a tenant: the challenge is all a sign-in step brings (like a session). */
export async function findChallengeByDigest(db: Db, digest: string) {
  return db.selectFrom('sign_in_challenges').selectAll().where('digest', '=', digest).executeTakeFirst();
}

export async function recordChallengeAttempt(
  db: Db,
  tenantId: string,
  id: string,
  attempts: number,
): Promise<void> {
  await db
    .updateTable('sign_in_challenges')
    .set({ attempts })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Spends a challenge; false when it was already spent. */
export async function spendChallenge(db: Db, tenantId: string, id: string, now: Date): Promise<boolean> {
  const spent = await db
    .updateTable('sign_in_challenges')
    .set({ used_at: now.toISOString() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}
