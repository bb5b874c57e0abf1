import { describe, expect, it } from 'vitest';
import { capabilityMatrix } from '../src/capabilities.js';
import { loadPlatform, overridesFromEnv } from '../src/platform/index.js';
import { linuxPlatform } from './helpers/platform.js';

describe('capability matrix on Linux (honest report)', () => {
  it('observes file channels and blocks or notifies nothing', async () => {
    const m = capabilityMatrix(await linuxPlatform({}));
    expect(m.os).toBe('linux');
    for (const ch of [
      'discovery',
      'file_create',
      'file_modify',
      'file_rename',
      'file_delete',
      'archive_create',
      'removable_storage',
    ]) {
      expect(m.channels[ch]).toMatchObject({ observe: true, block: false, notify: false });
    }
    for (const c of Object.values(m.channels)) {
      expect(c.block).toBe(false);
      expect(c.notify).toBe(false);
    }
  });

  it('reports what it cannot see as absent, with a reason', async () => {
    const m = capabilityMatrix(await linuxPlatform({}));
    for (const ch of [
      'bluetooth',
      'mobile_device',
      'print',
      'clipboard',
      'browser_upload',
      'network_connection',
      'cloud_storage',
    ]) {
      expect(m.channels[ch]?.observe).toBe(false);
      expect(m.channels[ch]?.reason).toBeTruthy();
    }
  });

  it('supplies no groups (document 1, rule 7) and advertises no hold-the-operation features', async () => {
    const m = capabilityMatrix(await linuxPlatform({}));
    expect(m.scope_attributes).not.toContain('user_groups');
    expect(m.features).toContain('scope_exclusions');
    expect(m.features).not.toContain('warn_with_continue');
    expect(m.features).not.toContain('approval_required');
  });

  it('the one platform switch loads the Linux backend here, honouring fixture overrides', async () => {
    const p = await loadPlatform(
      overridesFromEnv({ DLP_AGENT_POLICY_FILE: '/tmp/x.json', DLP_AGENT_SYSFS_ROOT: '/tmp/sys' }),
    );
    expect(p.id).toBe('linux');
    expect(p.machinePolicy.location).toBe('/tmp/x.json');
  });
});
