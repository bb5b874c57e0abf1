import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

const MAX_TENANTS = 10_000;

/**
 * The serialised answer of `GET /agent/policy` that hands out a bundle, kept per tenant for its
 * newest bundle version (docs/deploy.md, Per-request cost). After a publish every endpoint of
 * the tenant fetches the same signed bundle: the answer is decided by the tenant and the
 * version alone (a stored bundle is never changed; a publish, a rollback and a trust change
 * each add a version; an endpoint lacking a capability gets its own `upgrade_required` answer,
 * never these bytes). Each request still reads the newest version from the database, so a
 * publish on any instance is served by every instance from its next fetch, and an older
 * version's bytes are never served once a newer one exists. Keyed by database handle, then
 * tenant id: another tenant never gets them.
 */
export class PolicyAnswers {
  private readonly byDb = new WeakMap<Kysely<Database>, Map<string, { version: number; bytes: string }>>();

  /** The bytes for (tenant, version), made by `serialise` on the first fetch of that version. */
  bytesFor(db: Kysely<Database>, tenantId: string, version: number, serialise: () => string): string {
    let tenants = this.byDb.get(db);
    if (!tenants) {
      tenants = new Map();
      this.byDb.set(db, tenants);
    }
    const known = tenants.get(tenantId);
    if (known?.version === version) return known.bytes;
    const bytes = serialise();
    // A newer version replaces the older one; an older version (a slower read racing a
    // publish) is served but does not replace the newer.
    if (known === undefined || known.version < version) {
      if (tenants.size >= MAX_TENANTS) tenants.clear();
      tenants.set(tenantId, { version, bytes });
    }
    return bytes;
  }
}
