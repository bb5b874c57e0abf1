import { NOTICE_LANGUAGES } from '@custos/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { fieldError } from '../../http/errors.js';
import { findPolicySettings, upsertPolicySettings } from './settings-store.js';

export interface PolicySettings {
  notice_language: string;
  help_address: string | null;
  second_person_rule: boolean;
}

const DEFAULTS: PolicySettings = { notice_language: 'en', help_address: null, second_person_rule: false };

export async function readPolicySettings(db: Kysely<Database>, tenantId: string): Promise<PolicySettings> {
  const row = await findPolicySettings(db, tenantId);
  if (!row) return { ...DEFAULTS };
  return {
    notice_language: row.notice_language,
    help_address: row.help_address,
    second_person_rule: row.second_person_rule === 1,
  };
}

/** The help address must be http or https (document 1; re-checked again when a bundle is compiled). */
function checkHelpAddress(value: string | null): void {
  if (value === null) return;
  let ok = false;
  try {
    const u = new URL(value);
    ok = u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    ok = false;
  }
  if (!ok || value.length > 2000) throw fieldError('help_address', 'must be an http or https address');
}

export async function writePolicySettings(
  db: Kysely<Database>,
  tenantId: string,
  patch: Partial<PolicySettings>,
  now: Date,
): Promise<{ before: PolicySettings; after: PolicySettings }> {
  const before = await readPolicySettings(db, tenantId);
  const after = { ...before, ...patch };
  if (!(NOTICE_LANGUAGES as readonly string[]).includes(after.notice_language))
    throw fieldError('notice_language', `must be one of ${NOTICE_LANGUAGES.join(', ')}`);
  checkHelpAddress(after.help_address);
  const row = {
    tenant_id: tenantId,
    notice_language: after.notice_language,
    help_address: after.help_address,
    second_person_rule: after.second_person_rule ? 1 : 0,
    updated_at: now.toISOString(),
  };
  await upsertPolicySettings(db, row);
  return { before, after };
}
