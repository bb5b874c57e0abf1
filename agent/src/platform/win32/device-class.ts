/**
 * Document 2 device classes: usb_mass_storage, memory_card, optical_disc, mobile_device,
 * unclassified. A Windows volume is classified from what the storage stack reports (drive type
 * and STORAGE_BUS_TYPE); nothing is inferred from names. "on Windows neither phones nor optical
 * discs are [detected]": the Windows backend leaves cdrom volumes out of its removable list.
 */
import type { VolumeEntry } from '@custos/native';

export const BUS_TYPE_USB = 0x7;
export const BUS_TYPE_SD = 0xc;
export const BUS_TYPE_MMC = 0xd;

export type VolumeClass = 'usb_mass_storage' | 'memory_card' | 'optical_disc' | 'unclassified';

/** null: not external media (a fixed internal disk, a network share, a RAM disk). */
export function classifyVolume(volume: VolumeEntry): VolumeClass | null {
  if (volume.driveType === 'cdrom') return 'optical_disc';
  if (volume.busType === BUS_TYPE_SD || volume.busType === BUS_TYPE_MMC) return 'memory_card';
  if (volume.busType === BUS_TYPE_USB) return 'usb_mass_storage';
  if (volume.driveType === 'removable' || volume.removableMedia === true) return 'unclassified';
  return null;
}

/** Firmware serial, trimmed; empty or all-zero answers mean "no serial" (document 1, removable_device: never admitted by an allow-list). */
export function volumeSerial(volume: VolumeEntry): string | null {
  const serial = volume.serial?.trim() ?? '';
  if (serial === '' || /^0+$/.test(serial)) return null;
  return serial;
}
