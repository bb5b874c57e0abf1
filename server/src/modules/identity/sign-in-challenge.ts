import type { Config } from '../../config.js';
import type { UsersTable } from '../../db/foundation-tables.js';
import { findUserById } from '../../http/auth-store.js';
import { mintSecret, sha256Hex } from '../../http/tokens.js';
import { actingAs, auditContextFor, type ServiceContext } from '../../service-context.js';
import { confirmEnrollment, enroll, matchingStep, recoveryDigest } from './second-factor.js';
import {
  advanceFactorStep,
  findChallengeByDigest,
  findSecondFactor,
  findUnusedRecoveryCode,
  insertChallenge,
  recordChallengeAttempt,
  spendChallenge,
  spendRecoveryCode,
} from './second-factor-store.js';
import { isLocked, lockoutAfterFailure, openPasswordSession, signInFailed } from './sign-in-rules.js';

/**
 * The sign-in challenge (document 3, Authentication): after the right password, a challenge of
 * five minutes and five attempts instead of a session. A wrong code counts toward lockout and is
 * audited auth.second_factor_failed. These services run before any principal exists: the
 * context has no actor, and they act as the account the challenge names.
 */

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const CHALLENGE_ATTEMPTS = 5;
const CHALLENGE_PREFIX = 'dlpc_';

export interface ChallengeAnswer {
  next: 'second_factor' | 'enrol';
  challenge: string;
  expires_at: string;
}

/** A challenge instead of a session: prove the enrolled factor, or (grace passed) enrol first. */
export async function openChallenge(
  ctx: ServiceContext,
  user: UsersTable,
  kind: 'second_factor' | 'enrol' = 'second_factor',
): Promise<ChallengeAnswer> {
  const challenge = mintSecret(CHALLENGE_PREFIX);
  const expiresAt = new Date(ctx.clock.now().getTime() + CHALLENGE_TTL_MS);
  await insertChallenge(ctx.db, user.tenant_id, {
    userId: user.id,
    digest: sha256Hex(challenge),
    kind,
    expiresAt,
  });
  return { next: kind, challenge, expires_at: expiresAt.toISOString() };
}

/** A live challenge of the kind and its active, unlocked account; anything else the same 401. */
async function liveChallenge(ctx: ServiceContext, challenge: string, kind: string) {
  const now = ctx.clock.now();
  if (!challenge.startsWith(CHALLENGE_PREFIX)) throw signInFailed();
  const row = await findChallengeByDigest(ctx.db, sha256Hex(challenge));
  const live =
    row?.kind === kind &&
    row.used_at === null &&
    Date.parse(row.expires_at) > now.getTime() &&
    row.attempts < CHALLENGE_ATTEMPTS;
  if (!row || !live) throw signInFailed();
  const user = await findUserById(ctx.db, row.tenant_id, row.user_id);
  if (user?.status !== 'active' || isLocked(user, now)) throw signInFailed();
  return { row, user };
}

/** `POST /auth/login/enrol`: the secret for an account that must enrol before signing in. */
export async function enrollForChallenge(
  ctx: ServiceContext,
  factorKey: Buffer,
  challenge: string,
  tenantSlug: (tenantId: string) => Promise<string>,
) {
  const { user } = await liveChallenge(ctx, challenge, 'enrol');
  return enroll(ctx, factorKey, user, await tenantSlug(user.tenant_id));
}

interface ChallengeInput {
  challenge: string;
  sourceIp: string | null;
  userAgent: string | null;
}

/** `POST /auth/login/enrol/confirm`: confirms the factor, spends the challenge, opens a session. */
export async function confirmForChallenge(
  ctx: ServiceContext,
  factorKey: Buffer,
  input: ChallengeInput & { code: string },
) {
  const now = ctx.clock.now();
  const { row, user } = await liveChallenge(ctx, input.challenge, 'enrol');
  const { recovery_codes } = await confirmEnrollment(ctx, factorKey, user, input.code);
  if (!(await spendChallenge(ctx.db, row.tenant_id, row.id, now))) throw signInFailed();
  const opened = await openPasswordSession(ctx.db, user, input, now, { clearLock: false });
  return { ...opened, user, recovery_codes };
}

/** The second step of sign-in: a TOTP code (each step once) or an unspent recovery code. */
export async function completeChallenge(
  ctx: ServiceContext,
  config: Config,
  factorKey: Buffer,
  input: ChallengeInput & { code?: string; recovery_code?: string },
) {
  const now = ctx.clock.now();
  const { row, user } = await liveChallenge(ctx, input.challenge, 'second_factor');
  const factor = await findSecondFactor(ctx.db, row.tenant_id, row.user_id);
  if (!factor?.confirmed_at) throw signInFailed();

  let step: number | null = null;
  let recoveryId: string | null = null;
  if (input.code !== undefined) {
    step = matchingStep(factorKey, user, factor, input.code, now);
  } else if (input.recovery_code !== undefined) {
    recoveryId = await findUnusedRecoveryCode(
      ctx.db,
      user.tenant_id,
      user.id,
      recoveryDigest(input.recovery_code),
    );
  }
  if (step === null && recoveryId === null) {
    await recordChallengeAttempt(ctx.db, row.tenant_id, row.id, row.attempts + 1);
    await lockoutAfterFailure(ctx.db, config, user, now);
    await ctx.audit.write(auditContextFor(actingAs(ctx, user)), {
      action: 'auth.second_factor_failed',
      subject: { type: 'user', id: user.id },
      metadata: { attempt: row.attempts + 1 },
    });
    throw signInFailed();
  }
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await spendChallenge(trx, row.tenant_id, row.id, now))) throw signInFailed();
    if (step !== null && !(await advanceFactorStep(trx, user.tenant_id, user.id, step))) throw signInFailed();
    if (recoveryId !== null && !(await spendRecoveryCode(trx, user.tenant_id, recoveryId, now)))
      throw signInFailed();
    const { token, session } = await openPasswordSession(trx, user, input, now);
    return { token, session, user };
  });
}
