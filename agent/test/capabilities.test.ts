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
    for (const [name, c] of Object.entries(m.channels)) {
      if (name !== 'file_open') expect(c.block).toBe(false);
      expect(c.notify).toBe(false);
    }
  });

  // Issue 18: opens are held with fanotify permission events, which need CAP_SYS_ADMIN (CI runs as root).
  it.runIf(process.getuid?.() === 0)(
    'as root: file_open is observed and blockable (held opens)',
    async () => {
      const m = capabilityMatrix(await linuxPlatform({}));
      expect(m.channels.file_open).toMatchObject({ observe: true, block: true, notify: false });
      expect(m.channels.file_open?.reason).toContain('held (fanotify)');
      // A channel that can hold plus the session channel: the hold-the-operation features.
      expect(m.features).toEqual(expect.arrayContaining(['warn_with_continue', 'approval_required']));
    },
  );

  it.runIf(process.getuid?.() !== 0)('unprivileged: file_open is absent with the reason', async () => {
    const m = capabilityMatrix(await linuxPlatform({}));
    expect(m.channels.file_open).toMatchObject({ observe: false, block: false });
    expect(m.channels.file_open?.reason).toContain('CAP_SYS_ADMIN');
    expect(m.features).not.toContain('warn_with_continue');
    expect(m.features).not.toContain('approval_required');
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

  it('supplies no groups (document 1, rule 7)', async () => {
    const m = capabilityMatrix(await linuxPlatform({}));
    expect(m.scope_attributes).not.toContain('user_groups');
    expect(m.features).toContain('scope_exclusions');
  });

  it('the one platform switch loads the Linux backend here, honouring fixture overrides', async () => {
    const p = await loadPlatform(
      overridesFromEnv({ DLP_AGENT_POLICY_FILE: '/tmp/x.json', DLP_AGENT_SYSFS_ROOT: '/tmp/sys' }),
    );
    expect(p.id).toBe('linux');
    expect(p.machinePolicy.location).toBe('/tmp/x.json');
  });
});
