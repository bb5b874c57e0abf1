import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { seal, unseal } from '../../crypto/seal.js';
import { findUserById, insertSession } from '../../http/auth-store.js';
import { AppError, notFound } from '../../http/errors.js';
import { auditContextFor, type ServiceContext, systemServiceContext } from '../../service-context.js';
import { findTenantBySlug } from '../tenants/public.js';
import { groupsOf, OVERAGE_FIX, resolveAccount, roleFor } from './account.js';
import { insertHandoff, insertState, purgeExpired, takeHandoff, takeState } from './flow-store.js';
import { authorizationRequest, discover, exchangeCode, userInfo } from './oidc-client.js';
import { providerFetch } from './provider-fetch.js';
import { findProvider } from './store.js';
import { checkIdToken, TokenRefused } from './token-checks.js';

/** The federated sign-in flow (document 3, OpenID Connect). */

export const STATE_TTL_MS = 10 * 60_000;
export const HANDOFF_TTL_MS = 60_000;
const VERIFIER_CONTEXT = 'oidc-code-verifier';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

export interface FlowDeps {
  masterKey: Buffer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

const base = (publicUrl: string) => publicUrl.replace(/\/$/, '');
export const callbackUrl = (publicUrl: string) => `${base(publicUrl)}/api/v1/auth/oidc/callback`;

async function enabledProvider(ctx: ServiceContext, tenantSlug: string) {
  const tenant = await findTenantBySlug(ctx.db, tenantSlug.toLowerCase());
  const row = tenant ? await findProvider(ctx.db, tenant.id) : undefined;
  return row?.enabled === 1 ? row : undefined;
}

/** Identical for a missing tenant and one without an enabled provider. */
export async function available(ctx: ServiceContext, tenantSlug: string) {
  const row = await enabledProvider(ctx, tenantSlug);
  return row ? { enabled: true, display_name: row.display_name } : { enabled: false };
}

export async function startSignIn(
  ctx: ServiceContext,
  deps: FlowDeps,
  input: { tenant: string; return_to?: string | undefined },
) {
  const row = await enabledProvider(ctx, input.tenant);
  if (!row) throw notFound('single sign-on for that organisation');
  const config = await discover(row, deps.masterKey).catch(() => {
    throw new AppError('sso.provider_unreachable', 'the identity provider could not be reached');
  });
  const req = await authorizationRequest(config, callbackUrl(deps.publicUrl));
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + STATE_TTL_MS);
  await purgeExpired(ctx.db, now);
  await insertState(ctx.db, {
    state_hash: digest(req.state),
    tenant_id: row.tenant_id,
    nonce: req.nonce,
    code_verifier_sealed: seal(deps.masterKey, req.codeVerifier, `${VERIFIER_CONTEXT}:${row.tenant_id}`),
    return_to: input.return_to?.startsWith('/') && !input.return_to.startsWith('//') ? input.return_to : null,
    expires_at: expiresAt.toISOString(),
  });
  return { authorization_url: req.url.href, expires_at: expiresAt.toISOString() };
}

export type CallbackError =
  | 'provider_refused'
  | 'no_access'
  | 'account_disabled'
  | 'incomplete_callback'
  | 'sign_in_failed';

/** Always ends in a console address: `?sso_handoff=` or `?sso_error=`. */
export async function completeCallback(
  ctx: ServiceContext,
  deps: FlowDeps,
  query: Record<string, string | undefined>,
): Promise<string> {
  const signIn = `${base(deps.publicUrl)}/sign-in`;
  const fail = (e: CallbackError) => `${signIn}?sso_error=${e}`;
  const now = ctx.clock.now();
  // State is consumed in the statement that reads it, whatever happens next.
  const state = query.state ? await takeState(ctx.db, digest(query.state), now) : undefined;
  if (query.error) return fail('provider_refused');
  if (!query.state || !query.code) return fail('incomplete_callback');
  if (!state) return fail('sign_in_failed');
  const row = await findProvider(ctx.db, state.tenant_id);
  if (row?.enabled !== 1) return fail('sign_in_failed');
  const tenantCtx = systemServiceContext(ctx, row.tenant_id, ctx.requestId);
  try {
    const config = await discover(row, deps.masterKey);
    const current = new URL(callbackUrl(deps.publicUrl));
    for (const [k, v] of Object.entries(query)) if (v !== undefined) current.searchParams.set(k, v);
    const codeVerifier = unseal(
      deps.masterKey,
      state.code_verifier_sealed,
      `${VERIFIER_CONTEXT}:${row.tenant_id}`,
    ).toString('utf8');
    const tokens = await exchangeCode(config, current, {
      state: query.state,
      nonce: state.nonce,
      codeVerifier,
    });
    const jwksUri = config.serverMetadata().jwks_uri;
    if (!jwksUri) throw new TokenRefused('no key set');
    const idClaims = await checkIdToken(tokens.idToken, {
      issuer: row.issuer,
      clientId: row.client_id,
      nonce: state.nonce,
      jwksUri,
      now,
      fetch: providerFetch(row.ca_certificate),
    });
    const sub = idClaims.sub as string;
    const extra = tokens.accessToken ? await userInfo(config, tokens.accessToken, sub) : {};
    const claims = { ...extra, ...idClaims } as Record<string, unknown>;
    const { groups, overage } = groupsOf(claims, row.groups_claim);
    if (overage) {
      deps.log.warn({ tenant_id: row.tenant_id }, OVERAGE_FIX);
      await ctx.audit.write(auditContextFor(tenantCtx), {
        action: 'auth.oidc_group_claim_reference',
        subject: { type: 'tenant', id: row.tenant_id },
        metadata: { provider: row.issuer, note: OVERAGE_FIX },
      });
    }
    const email =
      typeof claims.email === 'string' && claims.email_verified !== false ? claims.email.toLowerCase() : null;
    const name = typeof claims.name === 'string' ? claims.name.slice(0, 200) : null;
    const outcome = await resolveAccount(tenantCtx, row, { sub, email, name, role: roleFor(row, groups) });
    if ('error' in outcome) return fail(outcome.error);
    const handoff = randomBytes(32).toString('base64url');
    await insertHandoff(ctx.db, {
      handoff_hash: digest(handoff),
      tenant_id: row.tenant_id,
      user_id: outcome.user.id,
      expires_at: new Date(now.getTime() + HANDOFF_TTL_MS).toISOString(),
    });
    const back = state.return_to ? `&return_to=${encodeURIComponent(state.return_to)}` : '';
    return `${signIn}?sso_handoff=${handoff}${back}`;
  } catch (error) {
    deps.log.warn(
      { tenant_id: row.tenant_id, rule: error instanceof TokenRefused ? error.rule : (error as Error).name },
      'federated sign-in refused',
    );
    return fail('sign_in_failed');
  }
}

/** Single use, 60 seconds: the handoff is consumed in the statement that reads it. */
export async function exchangeHandoff(
  ctx: ServiceContext,
  handoff: string,
  client: { sourceIp: string | null; userAgent: string | null },
) {
  const now = ctx.clock.now();
  const row = await takeHandoff(ctx.db, digest(handoff), now);
  const refused = new AppError('auth.unauthenticated', 'sign-in failed: start again from the sign-in page');
  if (!row) throw refused;
  const user = await findUserById(ctx.db, row.tenant_id, row.user_id);
  if (user?.status !== 'active') throw refused;
  const { token, session } = await insertSession(
    ctx.db,
    row.tenant_id,
    { userId: user.id, authMethod: 'oidc', sourceIp: client.sourceIp, userAgent: client.userAgent },
    now,
  );
  return { token, session, user };
}

/** POST /settings/oidc/test: discovery and the key set, reported. */
export async function testProvider(ctx: ServiceContext, tenantId: string, masterKey: Buffer) {
  const row = await findProvider(ctx.db, tenantId);
  if (!row) return { verified: false, detail: 'no provider is configured' };
  try {
    const config = await discover(row, masterKey);
    const meta = config.serverMetadata();
    if (!meta.jwks_uri) return { verified: false, detail: 'the discovery document names no key set' };
    const res = await providerFetch(row.ca_certificate)(meta.jwks_uri);
    const keys = ((await res.json()) as { keys?: unknown[] }).keys ?? [];
    if (!res.ok || keys.length === 0)
      return { verified: false, detail: 'the key set could not be read or is empty' };
    const algs = (meta.id_token_signing_alg_values_supported ?? []).join(', ');
    return {
      verified: true,
      detail: `discovery and ${keys.length} signing keys read; ID-token algorithms: ${algs || 'not listed'}`,
    };
  } catch (error) {
    return { verified: false, detail: `discovery failed (${(error as Error).name})` };
  }
}
