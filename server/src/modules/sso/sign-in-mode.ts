import type { PasswordSignInCheck } from '../../http/authenticate.js';
import { AppError } from '../../http/errors.js';
import { actingAs, auditContextFor } from '../../service-context.js';
import { isBreakGlassAccount } from './settings.js';
import { findSignInMode } from './store.js';

/**
 * Document 3: with `sso_only` on, a password-proven session is refused (403 naming single
 * sign-on) for everyone but a named break-glass account that is still an active local Owner.
 * Registered on the foundation's password sign-in hook, so it runs only after the password is
 * right; sessions opened earlier are not ended.
 */
export const ssoOnlyCheck: PasswordSignInCheck = async (ctx, user) => {
  const mode = await findSignInMode(ctx.db, user.tenant_id);
  if (mode?.sso_only !== 1) return;
  const named = (JSON.parse(mode.break_glass) as string[]).includes(user.id);
  if (!named || !isBreakGlassAccount(user))
    throw new AppError(
      'auth.sso_required',
      'this organisation signs in with single sign-on: use "Sign in with your organisation"',
    );
  await ctx.audit.write(auditContextFor(actingAs(ctx, user)), {
    action: 'auth.break_glass_sign_in',
    subject: { type: 'user', id: user.id },
  });
};
