import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { approvedSerials } from '../approved-devices/public.js';
import type { ReleasedPolicy, ReleasedSet } from '../bundles/public.js';
import { readPolicySettings } from './settings.js';

/**
 * What policies hand the bundle compiler (docs/architecture.md, "Module seams"): the released
 * policies, the two settings a bundle carries and the approved serials its inventory conditions
 * may ask for, read here so that bundles reads neither policies nor the inventory.
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
    approvedSerials: await approvedSerials(db, tenantId),
  };
}
