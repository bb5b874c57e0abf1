import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { SessionsTable, UsersTable } from '../db/foundation-tables.js';
import type { AppServices } from '../deps.js';
import type { ServiceContext } from '../service-context.js';
import { findSessionByTokenHash, touchSession } from './auth-store.js';
import { AppError } from './errors.js';
import type { Permission } from './permissions.js';
import type { Principal } from './principal.js';
import { type CustomRoleDefinition, resolveRolePermissions } from './roles.js';
import { SESSION_COOKIE, sha256Hex, TOKEN_PREFIX } from './tokens.js';

/** A credential as the client sent it: `Authorization: Bearer …` or the session cookie. */
export interface Credential {
  source: 'bearer' | 'cookie';
  value: string;
}

/**
 * One way to turn a credential into a principal. Return null when the credential is not of
 * this authenticator's kind (the next one is asked); throw an AppError to refuse it.
 */
export type Authenticator = (
  credential: Credential,
  request: FastifyRequest,
  services: AppServices,
) => Promise<Principal | null>;

/** A rule every live session must pass on each request (e.g. the tenant idle time). */
export type SessionCheck = (input: {
  session: SessionsTable;
  user: UsersTable;
  request: FastifyRequest;
  services: AppServices;
}) => Promise<void>;

/**
 * A rule a password sign-in must pass once the password proved right (e.g. single sign-on only,
 * document 3). Throw an AppError to refuse; the session does not open.
 */
export type PasswordSignInCheck = (ctx: ServiceContext, user: UsersTable) => Promise<void>;

/** Reads a custom role's current definition; undefined = missing. */
export type CustomRoleLoader = (
  db: Kysely<Database>,
  tenantId: string,
  customRoleId: string,
) => Promise<CustomRoleDefinition | undefined>;

/**
 * The pluggable parts of authentication, decorated as `app.auth`. Modules extend it while they
 * register (API tokens, idle timeout, custom roles) and no route changes.
 */
export class AuthRegistry {
  readonly authenticators: Authenticator[] = [];
  readonly sessionChecks: SessionCheck[] = [];
  readonly passwordSignInChecks: PasswordSignInCheck[] = [];
  private customRoleLoader: CustomRoleLoader = async () => undefined;

  addAuthenticator(authenticator: Authenticator): void {
    this.authenticators.push(authenticator);
  }

  addSessionCheck(check: SessionCheck): void {
    this.sessionChecks.push(check);
  }

  addPasswordSignInCheck(check: PasswordSignInCheck): void {
    this.passwordSignInChecks.push(check);
  }

  setCustomRoleLoader(loader: CustomRoleLoader): void {
    this.customRoleLoader = loader;
  }

  /** The role's permissions from its current definition; used for every principal. */
  async permissionsFor(
    db: Kysely<Database>,
    tenantId: string,
    user: Pick<UsersTable, 'role' | 'custom_role_id'>,
  ): Promise<ReadonlySet<Permission>> {
    return (await this.roleFor(db, tenantId, user)).permissions;
  }

  /**
   * Permissions and incident scope from the role's current definition, read on every request
   * (document 3). A custom role that resolves to nothing also scopes to nothing.
   */
  async roleFor(
    db: Kysely<Database>,
    tenantId: string,
    user: Pick<UsersTable, 'role' | 'custom_role_id'>,
  ): Promise<{ permissions: ReadonlySet<Permission>; incidentScope: readonly string[] | null }> {
    if (user.role !== 'custom')
      return { permissions: resolveRolePermissions(user.role, undefined), incidentScope: null };
    const custom = user.custom_role_id
      ? await this.customRoleLoader(db, tenantId, user.custom_role_id)
      : undefined;
    const permissions = resolveRolePermissions(user.role, custom);
    return { permissions, incidentScope: permissions.size === 0 ? [] : (custom?.incidentScope ?? null) };
  }
}

const ACTIVITY_WRITE_INTERVAL_MS = 60_000;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function unauthenticated(): AppError {
  return new AppError('auth.unauthenticated', 'sign in first: no valid session or token');
}

/** The built-in authenticator for console sessions (bearer `dlps_…` or the cookie). */
export function sessionAuthenticator(registry: AuthRegistry): Authenticator {
  return async (credential, request, services) => {
    if (credential.source === 'bearer' && !credential.value.startsWith(TOKEN_PREFIX.session)) return null;
    const found = await findSessionByTokenHash(services.db, sha256Hex(credential.value));
    if (!found) throw unauthenticated();
    const { session, user } = found;
    const now = services.clock.now();
    if (session.revoked_at !== null || Date.parse(session.expires_at) <= now.getTime())
      throw unauthenticated();
    if (user.status !== 'active') throw unauthenticated();
    for (const check of registry.sessionChecks) await check({ session, user, request, services });
    // Document 3: use is any non-read request or the heartbeat; written at most once a minute.
    const isUse = !READ_METHODS.has(request.method) || request.url.split('?')[0] === '/api/v1/auth/activity';
    if (isUse && now.getTime() - Date.parse(session.last_activity_at) >= ACTIVITY_WRITE_INTERVAL_MS) {
      await touchSession(services.db, session.tenant_id, session.id, now);
    }
    return {
      kind: 'user',
      tenantId: session.tenant_id,
      userId: user.id,
      role: user.role,
      customRoleId: user.custom_role_id,
      ...(await registry.roleFor(services.db, session.tenant_id, user)),
      sessionId: session.id,
    };
  };
}

export function readCredential(request: FastifyRequest): Credential | null {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header !== '') {
    const m = /^Bearer[ ]+([A-Za-z0-9._~+/=-]+)$/i.exec(header.trim());
    if (!m) throw unauthenticated();
    return { source: 'bearer', value: m[1]! };
  }
  const cookie = request.cookies?.[SESSION_COOKIE];
  if (typeof cookie === 'string' && cookie !== '') return { source: 'cookie', value: cookie };
  return null;
}

/**
 * The onRequest hook of the /api/v1 scope: every route is a user route unless its config says
 * `auth: 'none' | 'agent' | 'scim'`. Runs before the body is read, so an anonymous caller
 * learns nothing about schemas.
 */
export async function authenticate(request: FastifyRequest): Promise<void> {
  request.principal = null;
  const mode = request.routeOptions.config?.auth ?? 'user';
  if (mode !== 'user') return;
  const credential = readCredential(request);
  if (!credential) throw unauthenticated();
  const app = request.server;
  for (const authenticator of app.auth.authenticators) {
    const principal = await authenticator(credential, request, app.deps);
    if (principal) {
      request.principal = principal;
      return;
    }
  }
  throw unauthenticated();
}

/** For handlers: the principal set by authenticate, or 401 if the route forgot to require one. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthenticated();
  return request.principal;
}
