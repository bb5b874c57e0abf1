import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../../server/src/config.js';
import { connectDatabase } from '../../../server/src/db/connect.js';
import { insertRequest } from '../../../server/src/modules/exception-requests/store.js';
import { findTenantBySlug } from '../../../server/src/modules/tenants/store.js';
import { insertEndpoint } from '../../../server/test/helpers/endpoints.js';
import type { TestContext } from '../../../server/test/helpers/test-app.js';

/**
 * One pending exception request, as an endpoint raises it (`POST /agent/exception-requests`),
 * written into a running server's SQLite file with the endpoint that raised it. Returns its reference.
 */
export async function seedExceptionRequest(
  dataDir: string,
  tenantSlug: string,
  over: { reference: string; subject: string; file_name: string },
): Promise<string> {
  const config = loadConfig({ DLP_DATA_DIR: dataDir }, dataDir);
  const { db } = connectDatabase(config);
  try {
    const tenant = await findTenantBySlug(db, tenantSlug);
    if (!tenant) throw new Error(`no tenant ${tenantSlug}`);
    const at = new Date();
    const ctx = { db, clock: { now: () => at } } as unknown as TestContext;
    const device = await insertEndpoint(ctx, tenant.id, { os: 'linux', osVersion: 'Debian 13' });
    await insertRequest(db, {
      id: randomUUID(),
      tenant_id: tenant.id,
      reference: over.reference,
      device_id: device,
      request_key: randomUUID(),
      state: 'pending',
      subject: over.subject,
      policy_id: randomUUID(),
      policy_version: 1,
      policy_name: 'Card files need approval to open',
      channel: 'file_open',
      destination: null,
      file_hash: 'ab'.repeat(32),
      file_name: over.file_name,
      category: 'business_need',
      justification: 'Auditors need the March statement today',
      prompt_reference: 'bundle-1',
      created_at: at.toISOString(),
      lapses_at: new Date(at.getTime() + 48 * 3_600_000).toISOString(),
      decided_at: null,
      decided_by: null,
      decision_note: null,
      approved_until: null,
      identity_unmapped: 0,
      closed_at: null,
      closed_by: null,
      close_reason: null,
    });
    return over.reference;
  } finally {
    await db.destroy();
  }
}
