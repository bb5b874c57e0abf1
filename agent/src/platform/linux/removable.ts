import { readFile, realpath, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { DeviceClass, RemovableDevices, RemovableVolume } from '../types.js';

export interface MountEntry {
  majorMinor: string;
  mountPoint: string;
  fsType: string;
  source: string;
}

/** mountinfo escapes space, tab, newline and backslash as octal (`\040`). */
function unescapeMount(s: string): string {
  return s.replace(/\\([0-7]{3})/g, (_m, oct: string) => String.fromCharCode(Number.parseInt(oct, 8)));
}

/** Parses /proc/self/mountinfo (proc(5)): fields up to the `-` separator, then fstype and source. */
export function parseMountinfo(text: string): MountEntry[] {
  const out: MountEntry[] = [];
  for (const line of text.split('\n')) {
    const f = line.split(' ');
    const sep = f.indexOf('-');
    if (sep < 6 || f.length < sep + 3) continue;
    out.push({
      majorMinor: f[2]!,
      mountPoint: unescapeMount(f[4]!),
      fsType: f[sep + 1]!,
      source: unescapeMount(f[sep + 2]!),
    });
  }
  return out;
}

async function readTrim(path: string): Promise<string | null> {
  try {
    const v = (await readFile(path, 'utf8')).trim();
    return v === '' ? null : v;
  } catch {
    return null;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** Reads `E:ID_SERIAL_SHORT=` from udev's database entry for a block device, if udev keeps one. */
async function udevSerial(udevDataDir: string, majorMinor: string): Promise<string | null> {
  const text = await readTrim(join(udevDataDir, `b${majorMinor}`));
  if (text === null) return null;
  for (const line of text.split('\n')) {
    if (line.startsWith('E:ID_SERIAL_SHORT=')) return line.slice('E:ID_SERIAL_SHORT='.length).trim() || null;
  }
  return null;
}

/**
 * Classifies one mounted block device from sysfs. Returns null for fixed (internal) disks.
 * Sysfs layout: /sys/dev/block/MAJ:MIN → …/block/<disk>/<partition>; the disk has `removable`, and a
 * USB ancestor directory carries `serial`, `manufacturer`, `product`.
 */
export async function classifyBlockDevice(
  sysfsRoot: string,
  udevDataDir: string,
  mount: MountEntry,
): Promise<RemovableVolume | null> {
  let devPath: string | null = null;
  for (const candidate of [
    join(sysfsRoot, 'dev', 'block', mount.majorMinor),
    join(sysfsRoot, 'class', 'block', basename(mount.source)),
  ]) {
    try {
      devPath = await realpath(candidate);
      break;
    } catch {
      /* try the next way in */
    }
  }
  if (devPath === null) return null;
  const diskPath = (await exists(join(devPath, 'partition'))) ? dirname(devPath) : devPath;
  const disk = basename(diskPath);
  const removableFlag = (await readTrim(join(diskPath, 'removable'))) === '1';
  const onUsb = /\/usb\d*\//.test(diskPath);
  let deviceClass: DeviceClass;
  if (disk.startsWith('sr')) deviceClass = 'optical_disc';
  else if (disk.startsWith('mmcblk')) deviceClass = 'memory_card';
  else if (onUsb) deviceClass = 'usb_mass_storage';
  else if (removableFlag) deviceClass = 'unclassified';
  else return null;

  // Walk up from the disk to find the USB device directory holding the firmware serial.
  let serial: string | null = null;
  let vendor: string | null = null;
  let model: string | null = null;
  if (deviceClass === 'memory_card') {
    serial = await readTrim(join(diskPath, 'device', 'serial'));
    model = await readTrim(join(diskPath, 'device', 'name'));
  } else {
    vendor = await readTrim(join(diskPath, 'device', 'vendor'));
    model = await readTrim(join(diskPath, 'device', 'model'));
    let dir = diskPath;
    while (dir.startsWith(sysfsRoot) && dir.length > sysfsRoot.length) {
      const s = await readTrim(join(dir, 'serial'));
      if (s !== null && (await exists(join(dir, 'idVendor')))) {
        serial = s;
        vendor = (await readTrim(join(dir, 'manufacturer'))) ?? vendor;
        model = (await readTrim(join(dir, 'product'))) ?? model;
        break;
      }
      dir = dirname(dir);
    }
  }
  let source = 'sysfs';
  if (serial === null) {
    serial = await udevSerial(udevDataDir, mount.majorMinor);
    if (serial !== null) source = 'udev';
  }
  return {
    mount_point: mount.mountPoint,
    device: basename(devPath),
    device_class: deviceClass,
    serial,
    vendor,
    model,
    source,
  };
}

/** Removable volumes: every /dev-backed mount whose block device sysfs calls removable or USB. */
export function createSysfsRemovable(opts: {
  sysfsRoot: string;
  mountinfoPath: string;
  udevDataDir: string;
}): RemovableDevices {
  return {
    async list() {
      let text: string;
      try {
        text = await readFile(opts.mountinfoPath, 'utf8');
      } catch {
        return [];
      }
      const out: RemovableVolume[] = [];
      for (const m of parseMountinfo(text)) {
        if (!m.source.startsWith('/dev/')) continue;
        const v = await classifyBlockDevice(opts.sysfsRoot, opts.udevDataDir, m);
        if (v !== null) out.push(v);
      }
      return out;
    },
  };
}
