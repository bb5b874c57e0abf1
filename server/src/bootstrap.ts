import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { AuditWriter } from './http/audit.js';
import { createTenant } from './modules/identity/public.js';
import { countTenants } from './modules/tenants/store.js';

export const DEFAULT_TENANT_SLUG = 'default';

export interface FirstStart {
  tenantSlug: string;
  ownerEmail: string;
  /** Shown once on the console; only its argon2id hash is stored. */
  password: string;
}

/**
 * Issue 2, first start: on an empty database create tenant `default` with one Owner holding a
 * generated password. Returns undefined on every later start (nothing secret to print).
 */
export async function ensureFirstTenant(
  db: Kysely<Database>,
  clock: Clock,
  config: Config,
): Promise<FirstStart | undefined> {
  if ((await countTenants(db)) > 0) return undefined;
  // 18 random bytes → 24 base64url characters: far above the twelve-character minimum.
  const password = randomBytes(18).toString('base64url');
  await createTenant(
    { db, clock, audit: new AuditWriter(db, clock) },
    {
      slug: DEFAULT_TENANT_SLUG,
      name: 'Default',
      ownerEmail: config.initialOwnerEmail,
      ownerPassword: password,
    },
  );
  return { tenantSlug: DEFAULT_TENANT_SLUG, ownerEmail: config.initialOwnerEmail, password };
}
