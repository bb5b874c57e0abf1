import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { ReleasedPolicy, ReleasedSet } from '../bundles/public.js';
import { readPolicySettings } from './settings.js';

/**
 * What policies hand the bundle compiler (docs/architecture.md, "Module seams"): the released
 * policies and the two settings a bundle carries, read here so that bundles never reads the
 * policies module.
 */
export async function bundleRelease(
  db: Kysely<Database>,
  tenantId: string,
  policies: readonly ReleasedPolicy[],
): Promise<ReleasedSet> {
  const settings = await readPolicySettings(db, tenantId);
  return {
    policies,
    settings: { notice_language: settings.notice_language, help_address: settings.help_address },
  };
}
