import { randomBytes } from 'node:crypto';
import { seal, unseal } from '../../crypto/seal.js';
import type { UsersTable } from '../../db/foundation-tables.js';
import { AppError, fieldError } from '../../http/errors.js';
import { sha256Hex } from '../../http/tokens.js';
import { actingAs, actorOf, auditContextFor, type ServiceContext } from '../../service-context.js';
import {
  advanceFactorStep,
  confirmFactor,
  countUnusedRecoveryCodes,
  deleteSecondFactor,
  findSecondFactor,
  replacePendingFactor,
  replaceRecoveryCodes,
} from './second-factor-store.js';
import { getSecondFactorRequirement, setSecondFactorRequirement } from './store.js';
import { newTotpSecret, otpauthUri, verifyTotp } from './totp.js';

/**
 * The second factor (document 3, Authentication): enrol then confirm with a code, ten recovery
 * codes returned once and stored as SHA-256 digests. The sign-in challenge is in
 * sign-in-challenge.ts.
 */

export const RECOVERY_CODE_COUNT = 10;

const sealContext = (tenantId: string, userId: string) => `second_factor:${tenantId}:${userId}`;

function recoveryCode(): string {
  // 10 base32-like characters in two groups: easy to type, 50 bits each.
  const raw = randomBytes(10).toString('hex').slice(0, 10).toUpperCase();
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

/** The stored digest of a recovery code as typed (case and spaces do not matter). */
export const recoveryDigest = (code: string) => sha256Hex(code.trim().toUpperCase().replace(/\s+/g, ''));

/** The step a TOTP code matches for this factor (later than the last accepted), or null. */
export function matchingStep(
  factorKey: Buffer,
  user: Pick<UsersTable, 'tenant_id' | 'id'>,
  factor: { secret_sealed: string; last_step: number | null },
  code: string,
  now: Date,
): number | null {
  const secret = unseal(factorKey, factor.secret_sealed, sealContext(user.tenant_id, user.id)).toString(
    'utf8',
  );
  return verifyTotp(secret, code, now, factor.last_step);
}

export async function secondFactorStatus(ctx: ServiceContext, user: UsersTable) {
  const factor = await findSecondFactor(ctx.db, user.tenant_id, user.id);
  return {
    applies: user.federated === 0,
    enrolled: factor?.confirmed_at != null,
    confirmed_at: factor?.confirmed_at ?? null,
    recovery_codes_left: await countUnusedRecoveryCodes(ctx.db, user.tenant_id, user.id),
  };
}

/** Enrol: a fresh secret, sealed; replaces an unconfirmed one; 409 when already enrolled. */
export async function enroll(ctx: ServiceContext, factorKey: Buffer, user: UsersTable, tenantSlug: string) {
  if (user.federated === 1)
    throw new AppError('resource.conflict', 'a federated account uses its provider’s second factor');
  const existing = await findSecondFactor(ctx.db, user.tenant_id, user.id);
  if (existing?.confirmed_at) throw new AppError('resource.conflict', 'a second factor is already enrolled');
  const secret = newTotpSecret();
  const sealed = seal(factorKey, secret, sealContext(user.tenant_id, user.id));
  await replacePendingFactor(ctx.db, user.tenant_id, user.id, sealed, ctx.clock.now());
  return { secret, otpauth_uri: otpauthUri(secret, `Custos (${tenantSlug})`, user.email) };
}

/**
 * Confirm: the first code proves the app holds the secret; ten recovery codes are returned once.
 * Audited user.second_factor_enrolled as the user.
 */
export async function confirmEnrollment(
  ctx: ServiceContext,
  factorKey: Buffer,
  user: UsersTable,
  code: string,
) {
  const now = ctx.clock.now();
  const factor = await findSecondFactor(ctx.db, user.tenant_id, user.id);
  if (!factor || factor.confirmed_at) throw new AppError('resource.conflict', 'start an enrolment first');
  const step = matchingStep(factorKey, user, factor, code, now);
  if (step === null) throw fieldError('code', 'the code does not match; enter the current code from the app');
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  await ctx.db.transaction().execute(async (trx) => {
    await confirmFactor(trx, user.tenant_id, user.id, step, now);
    await replaceRecoveryCodes(trx, user.tenant_id, user.id, codes.map(recoveryDigest));
    await ctx.audit.write(
      auditContextFor(actingAs(ctx, user)),
      { action: 'user.second_factor_enrolled', subject: { type: 'user', id: user.id } },
      trx,
    );
  });
  return { recovery_codes: codes };
}

/**
 * A TOTP code for an enrolled account, outside sign-in (step-up): true when it matches a step
 * later than the last accepted one, which it then becomes.
 */
export async function spendTotpCode(
  ctx: ServiceContext,
  factorKey: Buffer,
  user: UsersTable,
  code: string,
): Promise<boolean> {
  const factor = await findSecondFactor(ctx.db, user.tenant_id, user.id);
  if (!factor?.confirmed_at) return false;
  const step = matchingStep(factorKey, user, factor, code, ctx.clock.now());
  if (step === null) return false;
  return advanceFactorStep(ctx.db, user.tenant_id, user.id, step);
}

/**
 * `POST /settings/second-factor`: turning the requirement on starts the grace from now; while on,
 * a change of grace keeps `since`. Audited settings.second_factor_changed.
 */
export async function changeSecondFactorRequirement(
  ctx: ServiceContext,
  input: { required: boolean; grace_days: number; reason: string },
) {
  const { tenantId } = actorOf(ctx);
  const now = ctx.clock.now();
  const before = await getSecondFactorRequirement(ctx.db, tenantId);
  const since = input.required ? (before.required ? before.since : now.toISOString()) : null;
  await ctx.db.transaction().execute(async (trx) => {
    await setSecondFactorRequirement(
      trx,
      tenantId,
      { required: input.required, since, grace_days: input.grace_days },
      now,
    );
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'settings.second_factor_changed',
        subject: { type: 'tenant', id: tenantId },
        metadata: {
          before: { required: before.required, grace_days: before.grace_days },
          after: { required: input.required, grace_days: input.grace_days },
          reason: input.reason,
        },
      },
      trx,
    );
  });
  return getSecondFactorRequirement(ctx.db, tenantId);
}

/**
 * `DELETE /users/{id}/second-factor` (document 3): removes the factor and its recovery codes;
 * audited user.second_factor_reset with counts only.
 */
export async function resetSecondFactor(ctx: ServiceContext, userId: string): Promise<void> {
  const { tenantId } = actorOf(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const removed = await deleteSecondFactor(trx, tenantId, userId);
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'user.second_factor_reset',
        subject: { type: 'user', id: userId },
        metadata: { factors_removed: removed.factors, recovery_codes_removed: removed.recoveryCodes },
      },
      trx,
    );
  });
}
