import { randomUUID, sign } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/database.js';
import type { AuditWriter } from '../../http/audit.js';
import { livePolicySigningKey } from '../bundles/public.js';
import { findTenantBySlug, listTenants } from '../tenants/public.js';
import { storeReleaseFile } from './release-files.js';
import { RELEASE_PLATFORMS, type ReleaseView, releaseView, VERSION_PATTERN } from './service.js';
import { findReleaseByVersion, insertReleaseIfNone, updateReleaseSignature } from './store.js';

export interface ReleaseInput {
  file: string;
  version: string;
  platform: string;
  /** One tenant by slug; absent: every tenant (docs/agent-updates.md, Releases). */
  tenant?: string;
}

export interface RegisteredRelease extends ReleaseView {
  tenant: string;
  /** false: the tenant had this release (same bytes) already. */
  new: boolean;
  /** The tenant had it, signed by a key that is no longer the live one: signed again. */
  resigned: boolean;
}

export interface ReleaseParts {
  db: Kysely<Database>;
  audit: AuditWriter;
  clock: Clock;
  masterKey: Buffer;
  dataDir: string;
}

/** Refused input, named by the option (the value itself is never echoed). */
export class ReleaseInputError extends Error {}

/**
 * `dlp-server release add`: stores the package once under its SHA-256 and, for each tenant,
 * records a release signed with that tenant's live policy signing key (Ed25519 over the exact
 * bytes, what `dlp-agent verify-package` checks). Repeating the command is safe; the same
 * version and platform with other bytes is refused (a version names one build for ever).
 */
export async function registerRelease(
  parts: ReleaseParts,
  input: ReleaseInput,
): Promise<RegisteredRelease[]> {
  if (!new RegExp(VERSION_PATTERN).test(input.version))
    throw new ReleaseInputError('--version must be dotted numbers (1.2.3), optionally with -suffix');
  if (!(RELEASE_PLATFORMS as readonly string[]).includes(input.platform))
    throw new ReleaseInputError(`--platform must be one of ${RELEASE_PLATFORMS.join(', ')}`);
  let tenants: { id: string; slug: string }[];
  if (input.tenant !== undefined) {
    const t = await findTenantBySlug(parts.db, input.tenant);
    if (!t) throw new ReleaseInputError('--tenant names no tenant');
    tenants = [{ id: t.id, slug: t.slug }];
  } else {
    tenants = await listTenants(parts.db);
  }
  if (tenants.length === 0) throw new ReleaseInputError('no tenant exists yet');
  const { bytes, sha256 } = await storeReleaseFile(parts.dataDir, input.file);
  if (bytes.length === 0) throw new ReleaseInputError('FILE is empty');
  const out: RegisteredRelease[] = [];
  for (const tenant of tenants) {
    const key = await livePolicySigningKey(parts.db, tenant.id, parts.masterKey);
    const signature = {
      signature_b64: sign(null, bytes, key.privateKey).toString('base64'),
      key_id: key.key_id,
    };
    const existing = await findReleaseByVersion(parts.db, tenant.id, input.version, input.platform);
    if (existing) {
      if (existing.sha256 !== sha256)
        throw new Error(
          `tenant ${tenant.slug} has release ${input.version} for ${input.platform} with other bytes`,
        );
      // After a key rotation the release is signed again by the live key, so agents that trust
      // only the new key can verify it (docs/agent-updates.md, Key rotation).
      if (existing.key_id !== key.key_id) {
        await updateReleaseSignature(parts.db, tenant.id, existing.id, signature);
        await audit(parts, tenant.id, 'agent_update.release_resigned', existing.id, existing);
        out.push({
          ...releaseView({ ...existing, ...signature }),
          tenant: tenant.slug,
          new: false,
          resigned: true,
        });
      } else out.push({ ...releaseView(existing), tenant: tenant.slug, new: false, resigned: false });
      continue;
    }
    const row = {
      id: randomUUID(),
      tenant_id: tenant.id,
      version: input.version,
      platform: input.platform,
      sha256,
      size_bytes: bytes.length,
      ...signature,
      created_at: parts.clock.now().toISOString(),
    };
    const inserted = await insertReleaseIfNone(parts.db, row);
    if (inserted) await audit(parts, tenant.id, 'agent_update.release_added', row.id, row);
    out.push({ ...releaseView(row), tenant: tenant.slug, new: inserted, resigned: false });
  }
  return out;
}

async function audit(
  parts: ReleaseParts,
  tenantId: string,
  action: string,
  id: string,
  r: { version: string; platform: string; size_bytes: number },
): Promise<void> {
  await parts.audit.write(
    { tenantId, actor: { type: 'system', id: null }, requestId: null },
    {
      action,
      subject: { type: 'agent_release', id },
      metadata: { version: r.version, platform: r.platform, size_bytes: r.size_bytes },
    },
  );
}
