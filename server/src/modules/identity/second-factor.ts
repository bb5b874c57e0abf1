import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import { seal, unseal } from '../../crypto/seal.js';
import type { Database } from '../../db/database.js';
import type { UsersTable } from '../../db/foundation-tables.js';
import type { AuditContext, AuditWriter } from '../../http/audit.js';
import { findUserById, insertSession } from '../../http/auth-store.js';
import { AppError, fieldError } from '../../http/errors.js';
import { mintSecret, sha256Hex } from '../../http/tokens.js';
import { isLocked, lockoutAfterFailure, signInFailed } from './sign-in-rules.js';
import { getSecondFactorRequirement, setSecondFactorRequirement } from './store.js';
import { newTotpSecret, otpauthUri, verifyTotp } from './totp.js';

/**
 * The second factor (document 3, Authentication): enrol then confirm with a code, ten recovery
 * codes returned once and stored as SHA-256 digests, a sign-in challenge of five minutes and
 * five attempts. A wrong code counts toward lockout and is audited auth.second_factor_failed.
 */

type Db = Kysely<Database>;

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const CHALLENGE_ATTEMPTS = 5;
export const RECOVERY_CODE_COUNT = 10;
const CHALLENGE_PREFIX = 'dlpc_';

const sealContext = (tenantId: string, userId: string) => `second_factor:${tenantId}:${userId}`;

function recoveryCode(): string {
  // 10 base32-like characters in two groups: easy to type, 50 bits each.
  const raw = randomBytes(10).toString('hex').slice(0, 10).toUpperCase();
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

const normaliseRecovery = (code: string) => code.trim().toUpperCase().replace(/\s+/g, '');

export async function factorOf(db: Db, tenantId: string, userId: string) {
  return db
    .selectFrom('second_factors')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function secondFactorStatus(db: Db, tenantId: string, user: UsersTable) {
  const factor = await factorOf(db, tenantId, user.id);
  const left = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', user.id)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    applies: user.federated === 0,
    enrolled: factor?.confirmed_at != null,
    confirmed_at: factor?.confirmed_at ?? null,
    recovery_codes_left: Number(left.n),
  };
}

/** Enrol: a fresh secret, sealed; replaces an unconfirmed one; 409 when already enrolled. */
export async function enrol(db: Db, factorKey: Buffer, user: UsersTable, tenantSlug: string, now: Date) {
  if (user.federated === 1)
    throw new AppError(409, 'resource.conflict', 'a federated account uses its provider’s second factor');
  const existing = await factorOf(db, user.tenant_id, user.id);
  if (existing?.confirmed_at)
    throw new AppError(409, 'resource.conflict', 'a second factor is already enrolled');
  const secret = newTotpSecret();
  const sealed = seal(factorKey, secret, sealContext(user.tenant_id, user.id));
  await db
    .deleteFrom('second_factors')
    .where('tenant_id', '=', user.tenant_id)
    .where('user_id', '=', user.id)
    .execute();
  await db
    .insertInto('second_factors')
    .values({
      user_id: user.id,
      tenant_id: user.tenant_id,
      secret_sealed: sealed,
      confirmed_at: null,
      last_step: null,
      created_at: now.toISOString(),
    })
    .execute();
  return { secret, otpauth_uri: otpauthUri(secret, `Custos (${tenantSlug})`, user.email) };
}

/** Confirm: the first code proves the app holds the secret; ten recovery codes are returned once. */
export async function confirmEnrolment(
  db: Db,
  factorKey: Buffer,
  audit: AuditWriter,
  requestId: string,
  user: UsersTable,
  code: string,
  now: Date,
) {
  const factor = await factorOf(db, user.tenant_id, user.id);
  if (!factor || factor.confirmed_at)
    throw new AppError(409, 'resource.conflict', 'start an enrolment first');
  const secret = unseal(factorKey, factor.secret_sealed, sealContext(user.tenant_id, user.id)).toString(
    'utf8',
  );
  const step = verifyTotp(secret, code, now, factor.last_step);
  if (step === null) throw fieldError('code', 'the code does not match; enter the current code from the app');
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('second_factors')
      .set({ confirmed_at: now.toISOString(), last_step: step })
      .where('tenant_id', '=', user.tenant_id)
      .where('user_id', '=', user.id)
      .execute();
    await trx
      .deleteFrom('recovery_codes')
      .where('tenant_id', '=', user.tenant_id)
      .where('user_id', '=', user.id)
      .execute();
    await trx
      .insertInto('recovery_codes')
      .values(
        codes.map((c) => ({
          id: randomUUID(),
          tenant_id: user.tenant_id,
          user_id: user.id,
          digest: sha256Hex(normaliseRecovery(c)),
          used_at: null,
        })),
      )
      .execute();
    await audit.write(
      { tenantId: user.tenant_id, actor: { type: 'user', id: user.id }, requestId },
      { action: 'user.second_factor_enrolled', subject: { type: 'user', id: user.id } },
      trx,
    );
  });
  return { recovery_codes: codes };
}

/**
 * After the password is right: a challenge instead of a session, either to prove the enrolled
 * factor or (grace passed, document 3) to enrol before any session opens.
 */
export async function openChallenge(
  db: Db,
  user: UsersTable,
  now: Date,
  kind: 'second_factor' | 'enrol' = 'second_factor',
) {
  const challenge = mintSecret(CHALLENGE_PREFIX);
  const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
  await db
    .insertInto('sign_in_challenges')
    .values({
      id: randomUUID(),
      tenant_id: user.tenant_id,
      user_id: user.id,
      digest: sha256Hex(challenge),
      kind,
      attempts: 0,
      expires_at: expiresAt.toISOString(),
      used_at: null,
    })
    .execute();
  return { next: kind, challenge, expires_at: expiresAt.toISOString() };
}

/** A live challenge of the kind and its active, unlocked account; anything else the same 401. */
async function liveChallenge(db: Db, challenge: string, kind: string, now: Date) {
  if (!challenge.startsWith(CHALLENGE_PREFIX)) throw signInFailed();
  const row = await db
    .selectFrom('sign_in_challenges')
    .selectAll()
    .where('digest', '=', sha256Hex(challenge))
    .executeTakeFirst();
  const live =
    row?.kind === kind &&
    row.used_at === null &&
    Date.parse(row.expires_at) > now.getTime() &&
    row.attempts < CHALLENGE_ATTEMPTS;
  if (!row || !live) throw signInFailed();
  const user = await findUserById(db, row.tenant_id, row.user_id);
  if (user?.status !== 'active' || isLocked(user, now)) throw signInFailed();
  return { row, user };
}

/** `POST /auth/login/enrol`: the secret for an account that must enrol before signing in. */
export async function enrolForChallenge(
  db: Db,
  factorKey: Buffer,
  challenge: string,
  tenantSlug: (tenantId: string) => Promise<string>,
  now: Date,
) {
  const { user } = await liveChallenge(db, challenge, 'enrol', now);
  return enrol(db, factorKey, user, await tenantSlug(user.tenant_id), now);
}

/** `POST /auth/login/enrol/confirm`: confirms the factor, spends the challenge, opens a session. */
export async function confirmForChallenge(
  db: Db,
  factorKey: Buffer,
  audit: AuditWriter,
  requestId: string,
  now: Date,
  input: { challenge: string; code: string; sourceIp: string | null; userAgent: string | null },
) {
  const { row, user } = await liveChallenge(db, input.challenge, 'enrol', now);
  const { recovery_codes } = await confirmEnrolment(db, factorKey, audit, requestId, user, input.code, now);
  const spent = await db
    .updateTable('sign_in_challenges')
    .set({ used_at: now.toISOString() })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) throw signInFailed();
  await db
    .updateTable('users')
    .set({ failed_logins: 0, last_login_at: now.toISOString() })
    .where('id', '=', user.id)
    .execute();
  const opened = await insertSession(
    db,
    user.tenant_id,
    { userId: user.id, authMethod: 'password', sourceIp: input.sourceIp, userAgent: input.userAgent },
    now,
  );
  return { ...opened, user, recovery_codes };
}

/** The second step of sign-in: a TOTP code (each step once) or an unspent recovery code. */
export async function completeChallenge(
  db: Db,
  config: Config,
  factorKey: Buffer,
  audit: AuditWriter,
  requestId: string,
  now: Date,
  input: {
    challenge: string;
    code?: string;
    recovery_code?: string;
    sourceIp: string | null;
    userAgent: string | null;
  },
) {
  const { row, user } = await liveChallenge(db, input.challenge, 'second_factor', now);
  const factor = await factorOf(db, row.tenant_id, row.user_id);
  if (!factor?.confirmed_at) throw signInFailed();

  let step: number | null = null;
  let recoveryId: string | null = null;
  if (input.code !== undefined) {
    const secret = unseal(factorKey, factor.secret_sealed, sealContext(user.tenant_id, user.id)).toString(
      'utf8',
    );
    step = verifyTotp(secret, input.code, now, factor.last_step);
  } else if (input.recovery_code !== undefined) {
    const found = await db
      .selectFrom('recovery_codes')
      .select('id')
      .where('tenant_id', '=', user.tenant_id)
      .where('user_id', '=', user.id)
      .where('digest', '=', sha256Hex(normaliseRecovery(input.recovery_code)))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    recoveryId = found?.id ?? null;
  }
  if (step === null && recoveryId === null) {
    await db
      .updateTable('sign_in_challenges')
      .set({ attempts: row.attempts + 1 })
      .where('id', '=', row.id)
      .execute();
    await lockoutAfterFailure(db, config, user, now);
    await audit.write(
      { tenantId: user.tenant_id, actor: { type: 'user', id: user.id }, requestId },
      {
        action: 'auth.second_factor_failed',
        subject: { type: 'user', id: user.id },
        metadata: { attempt: row.attempts + 1 },
      },
    );
    throw signInFailed();
  }
  return db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable('sign_in_challenges')
      .set({ used_at: now.toISOString() })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) throw signInFailed();
    if (step !== null) {
      const moved = await trx
        .updateTable('second_factors')
        .set({ last_step: step })
        .where('user_id', '=', user.id)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw signInFailed();
    }
    if (recoveryId !== null) {
      const used = await trx
        .updateTable('recovery_codes')
        .set({ used_at: now.toISOString() })
        .where('id', '=', recoveryId)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw signInFailed();
    }
    await trx
      .updateTable('users')
      .set({ failed_logins: 0, locked_until: null, last_login_at: now.toISOString() })
      .where('id', '=', user.id)
      .execute();
    const { token, session } = await insertSession(
      trx,
      user.tenant_id,
      { userId: user.id, authMethod: 'password', sourceIp: input.sourceIp, userAgent: input.userAgent },
      now,
    );
    return { token, session, user };
  });
}

/**
 * `POST /settings/second-factor`: turning the requirement on starts the grace from now; while on,
 * a change of grace keeps `since`. Audited settings.second_factor_changed.
 */
export async function changeSecondFactorRequirement(
  db: Db,
  audit: AuditWriter,
  ctx: AuditContext & { tenantId: string },
  input: { required: boolean; grace_days: number; reason: string },
  now: Date,
) {
  const before = await getSecondFactorRequirement(db, ctx.tenantId);
  const since = input.required ? (before.required ? before.since : now.toISOString()) : null;
  await db.transaction().execute(async (trx) => {
    await setSecondFactorRequirement(
      trx,
      ctx.tenantId,
      { required: input.required, since, grace_days: input.grace_days },
      now,
    );
    await audit.write(
      ctx,
      {
        action: 'settings.second_factor_changed',
        subject: { type: 'tenant', id: ctx.tenantId },
        metadata: {
          before: { required: before.required, grace_days: before.grace_days },
          after: { required: input.required, grace_days: input.grace_days },
          reason: input.reason,
        },
      },
      trx,
    );
  });
  return getSecondFactorRequirement(db, ctx.tenantId);
}

/**
 * A TOTP code for an enrolled account, outside sign-in (step-up): true when it matches a step
 * later than the last accepted one, which it then becomes.
 */
export async function spendTotpCode(
  db: Db,
  factorKey: Buffer,
  user: UsersTable,
  code: string,
  now: Date,
): Promise<boolean> {
  const factor = await factorOf(db, user.tenant_id, user.id);
  if (!factor?.confirmed_at) return false;
  const secret = unseal(factorKey, factor.secret_sealed, sealContext(user.tenant_id, user.id)).toString(
    'utf8',
  );
  const step = verifyTotp(secret, code, now, factor.last_step);
  if (step === null) return false;
  const moved = await db
    .updateTable('second_factors')
    .set({ last_step: step })
    .where('user_id', '=', user.id)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/**
 * `DELETE /users/{id}/second-factor` (document 3): removes the factor and its recovery codes;
 * audited user.second_factor_reset with counts only.
 */
export async function resetSecondFactor(
  db: Db,
  audit: AuditWriter,
  ctx: AuditContext & { tenantId: string },
  userId: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const codes = await trx
      .deleteFrom('recovery_codes')
      .where('tenant_id', '=', ctx.tenantId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const factors = await trx
      .deleteFrom('second_factors')
      .where('tenant_id', '=', ctx.tenantId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    await audit.write(
      ctx,
      {
        action: 'user.second_factor_reset',
        subject: { type: 'user', id: userId },
        metadata: {
          factors_removed: Number(factors.numDeletedRows),
          recovery_codes_removed: Number(codes.numDeletedRows),
        },
      },
      trx,
    );
  });
}
