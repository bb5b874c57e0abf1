import type { Config } from '../../config.js';
import type { ServiceContext } from '../../service-context.js';
import type { RoleMapping } from '../sso/public.js';
import { resolveCredential } from './credential.js';
import { asService } from './directory.js';
import { tenantSlug } from './settings.js';
import { findLdapProvider } from './store.js';

/**
 * POST /settings/ldap-auth/test: binds as the service account over the pinned TLS, reads the
 * base DN and looks up each mapped group by SID; reports what it found. The credential's
 * password and the directory's error text are never echoed (only the error's class name).
 */
export async function testLdapSettings(ctx: ServiceContext, config: Config, tenantId: string) {
  const row = await findLdapProvider(ctx.db, tenantId);
  if (!row) return { verified: false, detail: 'directory sign-in is not configured' };
  const cred = resolveCredential(config.secrets, row.credential_ref, await tenantSlug(ctx, tenantId));
  if ('problem' in cred) return { verified: false, detail: cred.problem };
  const mappings = JSON.parse(row.role_mappings) as RoleMapping[];
  try {
    const found = await asService(cred, row.ca_certificate, async (client) => {
      await client.search(cred.baseDn, { scope: 'base', filter: '(objectClass=*)', attributes: ['dn'] });
      let groups = 0;
      for (const m of mappings) {
        const { searchEntries } = await client.search(cred.baseDn, {
          scope: 'sub',
          filter: `(&(objectClass=group)(objectSid=${m.group}))`,
          attributes: ['cn'],
          sizeLimit: 1,
        });
        if (searchEntries.length > 0) groups++;
      }
      return groups;
    });
    const transport = cred.startTls ? 'StartTLS' : 'LDAPS';
    return {
      verified: found === mappings.length,
      detail: `bound as the service account over ${transport}; base DN read; ${found} of ${mappings.length} mapped groups found`,
    };
  } catch (error) {
    return {
      verified: false,
      detail: `the directory refused or could not be reached (${(error as Error).name})`,
    };
  }
}
