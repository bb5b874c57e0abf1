import type { Config } from '../../config.js';
import type { SessionsTable, UsersTable } from '../../db/foundation-tables.js';
import { findUserByEmail, findUserById, revokeSession } from '../../http/auth-store.js';
import type { PasswordSignInCheck, SessionCheck } from '../../http/authenticate.js';
import { AppError, fieldError } from '../../http/errors.js';
import { burnPasswordCheck, verifyPassword } from '../../http/passwords.js';
import { recordStepUp, STEP_UP_WINDOW_MS, type StepUpPurpose } from '../../http/step-up.js';
import { actorOf, auditContextFor, type ServiceContext } from '../../service-context.js';
import { findTenantBySlug } from '../tenants/public.js';
import { spendTotpCode } from './second-factor.js';
import { findSecondFactor } from './second-factor-store.js';
import { type ChallengeAnswer, openChallenge } from './sign-in-challenge.js';
import { isLocked, lockoutAfterFailure, openPasswordSession, signInFailed } from './sign-in-rules.js';
import { getIdleMinutes, getSecondFactorRequirement, setIdleMinutes } from './store.js';

export { isLocked, signInFailed };

/**
 * Sign-in, idle timeout and step-up rules (document 3, Sign-in and sessions). Never sees
 * Fastify objects: routes pass plain values in.
 */

export interface SignInInput {
  tenant: string;
  email: string;
  password: string;
  sourceIp: string | null;
  userAgent: string | null;
}

export interface SignedInSession {
  token: string;
  session: SessionsTable;
  user: UsersTable;
  /** Set while the tenant requires a second factor this account has not enrolled. */
  second_factor_due_by: string | null;
}

/**
 * One password check on every path (a dummy argon2id hash when there is no account or no
 * password), so the answer's timing does not tell an unknown account from a wrong password.
 * A locked account is refused even with the right password and its count is not raised; a
 * lapsed lock starts the count afresh.
 */
export async function signIn(
  ctx: ServiceContext,
  config: Config,
  input: SignInInput,
  checks: readonly PasswordSignInCheck[] = [],
): Promise<SignedInSession | ChallengeAnswer> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const tenant = await findTenantBySlug(db, input.tenant.toLowerCase());
  const user = tenant ? await findUserByEmail(db, tenant.id, input.email) : undefined;
  if (!tenant || !user || user.password_hash === null || user.federated === 1) {
    await burnPasswordCheck(input.password);
    throw signInFailed();
  }
  const passwordOk = await verifyPassword(user.password_hash, input.password);
  if (isLocked(user, now)) throw signInFailed();
  if (!passwordOk) {
    await lockoutAfterFailure(db, config, user, now);
    throw signInFailed();
  }
  if (user.status !== 'active') throw signInFailed();
  // Registered rules (single sign-on only): judged only now that the password proved right.
  for (const check of checks) await check(ctx, user);
  return finishSignIn(ctx, user, input);
}

/**
 * After a proven password (local or directory): the second factor when enrolled or due, else a
 * session. Directory sign-in (modules/ldap) ends here too.
 */
export async function finishSignIn(
  ctx: ServiceContext,
  user: UsersTable,
  client: { sourceIp: string | null; userAgent: string | null },
  authMethod = 'password',
): Promise<SignedInSession | ChallengeAnswer> {
  const now = ctx.clock.now();
  // An enrolled account proves its second factor before any session opens.
  const factor = await findSecondFactor(ctx.db, user.tenant_id, user.id);
  if (factor?.confirmed_at) return openChallenge(ctx, user);
  // Document 3: with the requirement on, an unenrolled local account signs in until
  // since + grace_days (the answer carries second_factor_due_by), afterwards it must enrol.
  const requirement = await getSecondFactorRequirement(ctx.db, user.tenant_id);
  if (requirement.due_by !== null && now.getTime() >= Date.parse(requirement.due_by))
    return openChallenge(ctx, user, 'enrol');
  const { token, session } = await openPasswordSession(ctx.db, user, client, now, {
    clearLock: true,
    authMethod,
  });
  return { token, session, user, second_factor_due_by: requirement.due_by };
}

/**
 * The foundation's session check for the tenant idle time (document 3: a session idle beyond
 * the tenant idle time is revoked; the next request is 401 auth.session_idle). last_activity_at
 * is written at most once a minute, so the idle time is honoured to within that minute.
 */
export const idleSessionCheck: SessionCheck = async ({ session, services }) => {
  const now = services.clock.now();
  const idleMinutes = await getIdleMinutes(services.db, session.tenant_id);
  if (now.getTime() - Date.parse(session.last_activity_at) > idleMinutes * 60_000) {
    await revokeSession(services.db, session.tenant_id, session.id, 'idle', now);
    throw new AppError('auth.session_idle', 'the session was idle too long; sign in again');
  }
};

export async function changeIdleMinutes(
  ctx: ServiceContext,
  minutes: number,
  reason: string,
): Promise<{ idle_minutes: number }> {
  const { tenantId } = actorOf(ctx);
  const before = await getIdleMinutes(ctx.db, tenantId);
  await ctx.db.transaction().execute(async (trx) => {
    await setIdleMinutes(trx, tenantId, minutes, ctx.clock.now());
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'settings.session_idle_changed',
        subject: { type: 'tenant', id: tenantId },
        metadata: { before, after: minutes, reason },
      },
      trx,
    );
  });
  return { idle_minutes: minutes };
}

/**
 * Step-up (document 3, Authentication): the person proves the password again on this session.
 * A wrong password counts toward lockout like a sign-in failure; a locked account cannot confirm.
 */
export async function confirmStepUp(
  ctx: ServiceContext,
  config: Config,
  factorKey: Buffer,
  input: {
    tenantId: string;
    userId: string;
    sessionId: string;
    purpose: StepUpPurpose;
    password?: string;
    code?: string;
  },
): Promise<{ purpose: StepUpPurpose; expires_at: string }> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const user = await findUserById(db, input.tenantId, input.userId);
  if (!user) throw signInFailed();
  if (input.password === undefined) {
    // Confirmation by a second-factor code (each step accepted once, like at sign-in).
    if (input.code === undefined)
      throw fieldError('password', 'confirm with your password or a second-factor code');
    if (isLocked(user, now) || !(await spendTotpCode(ctx, factorKey, user, input.code))) {
      if (!isLocked(user, now)) await lockoutAfterFailure(db, config, user, now);
      throw new AppError('auth.step_up_required', 'the confirmation did not match; enter a current code', [
        { field: 'code', message: 'does not match' },
      ]);
    }
    await recordStepUp(db, input.tenantId, input.sessionId, input.purpose, now);
    return { purpose: input.purpose, expires_at: new Date(now.getTime() + STEP_UP_WINDOW_MS).toISOString() };
  }
  const refused = new AppError(
    'auth.step_up_required',
    'the confirmation did not match; enter your password again',
    [{ field: 'password', message: 'does not match' }],
  );
  if (user.password_hash === null) {
    await burnPasswordCheck(input.password);
    throw refused;
  }
  const ok = await verifyPassword(user.password_hash, input.password);
  if (isLocked(user, now)) throw refused;
  if (!ok) {
    await lockoutAfterFailure(db, config, user, now);
    throw refused;
  }
  await recordStepUp(db, input.tenantId, input.sessionId, input.purpose, now);
  return { purpose: input.purpose, expires_at: new Date(now.getTime() + STEP_UP_WINDOW_MS).toISOString() };
}
