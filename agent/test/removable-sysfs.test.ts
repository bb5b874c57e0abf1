import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMountinfo } from '../src/platform/linux/removable.js';
import { linuxPlatform } from './helpers/platform.js';
import { mountinfoFixture, sysfsFixture } from './helpers/sysfs-fixture.js';
import { tempDir } from './helpers/tmp.js';

describe('removable media on Linux (mountinfo + sysfs)', () => {
  it('lists a USB stick and a memory card with class and serial, and ignores a fixed disk', async () => {
    const sys = tempDir();
    sysfsFixture(sys);
    const mi = join(tempDir(), 'mountinfo');
    mountinfoFixture(mi, { usb: '/media/u/MY STICK', card: '/media/u/card', fixed: '/data' });
    const platform = await linuxPlatform({ sysfsRoot: sys, mountinfoPath: mi });
    const vols = await platform.removable.list();
    expect(vols).toHaveLength(2);
    expect(vols[0]).toMatchObject({
      mount_point: '/media/u/MY STICK',
      device: 'sdb1',
      device_class: 'usb_mass_storage',
      serial: 'AA0011223344',
      vendor: 'SanDisk',
      model: 'Cruzer',
      source: 'sysfs',
    });
    expect(vols[1]).toMatchObject({ device_class: 'memory_card', serial: '0x1234abcd' });
  });

  it('parses mountinfo fields after the separator and unescapes octal spaces', () => {
    const [m] = parseMountinfo('36 35 98:0 /mnt1 /mnt/a\\040b rw,noatime master:1 - ext3 /dev/root rw\n');
    expect(m).toEqual({ majorMinor: '98:0', mountPoint: '/mnt/a b', fsType: 'ext3', source: '/dev/root' });
  });

  it('reports no removable volume on a host with none mounted', async () => {
    const sys = tempDir();
    sysfsFixture(sys);
    const mi = join(tempDir(), 'mountinfo');
    mountinfoFixture(mi, { fixed: '/data' });
    const platform = await linuxPlatform({ sysfsRoot: sys, mountinfoPath: mi });
    expect(await platform.removable.list()).toEqual([]);
  });
});
