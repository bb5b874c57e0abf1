import { loadConfig } from '../../../server/src/config.js';
import { connectDatabase } from '../../../server/src/db/connect.js';
import { findTenantBySlug } from '../../../server/src/modules/tenants/store.js';
import { insertEndpoint } from '../../../server/test/helpers/endpoints.js';
import type { TestContext } from '../../../server/test/helpers/test-app.js';

/**
 * One enrolled agent written into a running server's SQLite file, with the capabilities a Linux
 * agent reports (printing observed but not blocked, with the agent's reason). Returns its host name.
 */
export async function seedAgent(dataDir: string, tenantSlug: string): Promise<string> {
  const config = loadConfig({ DLP_DATA_DIR: dataDir }, dataDir);
  const { db } = connectDatabase(config);
  try {
    const tenant = await findTenantBySlug(db, tenantSlug);
    if (!tenant) throw new Error(`no tenant ${tenantSlug}`);
    const at = new Date();
    const ctx = { db, clock: { now: () => at } } as unknown as TestContext;
    const id = await insertEndpoint(ctx, tenant.id, {
      os: 'linux',
      osVersion: 'Debian 13',
      capabilities: {
        channels: {
          removable_storage: { observe: true, block: true, notify: true, reason: null },
          print: { observe: true, block: false, notify: false, reason: 'CUPS offers no pre-print hook' },
        },
        features: ['discovery'],
      },
    });
    return `host-${id.slice(0, 6)}`;
  } finally {
    await db.destroy();
  }
}
