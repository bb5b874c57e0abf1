import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Builds a sysfs fixture: a USB stick sdb (partition sdb1), a memory card and a fixed disk sda. */
export function sysfsFixture(root: string): void {
  const usbDev = join(root, 'devices/pci0000:00/0000:00:14.0/usb1/1-2');
  const disk = join(usbDev, '1-2:1.0/host6/target6:0:0/6:0:0:0/block/sdb');
  mkdirSync(join(disk, 'sdb1'), { recursive: true });
  mkdirSync(join(disk, 'device'), { recursive: true });
  writeFileSync(join(disk, 'removable'), '1\n');
  writeFileSync(join(disk, 'sdb1', 'partition'), '1\n');
  writeFileSync(join(disk, 'device', 'vendor'), 'Generic \n');
  writeFileSync(join(usbDev, 'serial'), 'AA0011223344\n');
  writeFileSync(join(usbDev, 'idVendor'), '0781\n');
  writeFileSync(join(usbDev, 'manufacturer'), 'SanDisk\n');
  writeFileSync(join(usbDev, 'product'), 'Cruzer\n');
  const mmc = join(root, 'devices/platform/mmc0/mmc0:0001/block/mmcblk0');
  mkdirSync(join(mmc, 'mmcblk0p1'), { recursive: true });
  mkdirSync(join(mmc, 'device'), { recursive: true });
  writeFileSync(join(mmc, 'mmcblk0p1', 'partition'), '1\n');
  writeFileSync(join(mmc, 'device', 'serial'), '0x1234abcd\n');
  const sda = join(root, 'devices/pci0000:00/0000:00:17.0/ata1/host0/target0:0:0/0:0:0:0/block/sda');
  mkdirSync(join(sda, 'sda2'), { recursive: true });
  writeFileSync(join(sda, 'removable'), '0\n');
  writeFileSync(join(sda, 'sda2', 'partition'), '2\n');
  mkdirSync(join(root, 'dev/block'), { recursive: true });
  symlinkSync(join(disk, 'sdb1'), join(root, 'dev/block/8:17'));
  symlinkSync(join(mmc, 'mmcblk0p1'), join(root, 'dev/block/179:1'));
  symlinkSync(join(sda, 'sda2'), join(root, 'dev/block/8:2'));
}

export function mountinfoFixture(
  path: string,
  mounts: { usb?: string; card?: string; fixed?: string },
): void {
  const lines = ['22 27 0:21 / /proc rw,relatime - proc proc rw'];
  if (mounts.fixed) lines.push(`30 1 8:2 / ${mounts.fixed} rw,relatime - ext4 /dev/sda2 rw`);
  if (mounts.usb)
    lines.push(`31 1 8:17 / ${mounts.usb.replace(/ /g, '\\040')} rw,nosuid - vfat /dev/sdb1 rw`);
  if (mounts.card) lines.push(`32 1 179:1 / ${mounts.card} rw,nosuid - exfat /dev/mmcblk0p1 rw`);
  writeFileSync(path, `${lines.join('\n')}\n`);
}

/**
 * A fixture host for an agent process: the sysfs tree under `dir/sys` and a mountinfo file with
 * `mounts`; answers the environment that points the agent's Linux backend there.
 */
export function fixtureHostEnv(
  dir: string,
  mounts: { usb?: string; card?: string; fixed?: string },
): { DLP_AGENT_SYSFS_ROOT: string; DLP_AGENT_MOUNTINFO: string } {
  const sys = join(dir, 'sys');
  mkdirSync(sys, { recursive: true });
  sysfsFixture(sys);
  const mountinfo = join(dir, 'mountinfo');
  mountinfoFixture(mountinfo, mounts);
  return { DLP_AGENT_SYSFS_ROOT: sys, DLP_AGENT_MOUNTINFO: mountinfo };
}
