import type { VolumeEntry } from '@custos/native';
import { describe, expect, it } from 'vitest';
import {
  BUS_TYPE_MMC,
  BUS_TYPE_SD,
  BUS_TYPE_USB,
  classifyVolume,
  volumeSerial,
} from '../../src/platform/win32/device-class.js';

const base: VolumeEntry = {
  volume: '\\\\?\\Volume{x}\\',
  driveType: 'removable',
  mountPoints: ['E:\\'],
  busType: null,
  removableMedia: true,
  vendor: null,
  product: null,
  serial: null,
  queryError: null,
};

// Document 2 device classes, from what the storage stack reports.
describe('volume classification', () => {
  it('USB bus is usb_mass_storage, removable or fixed', () => {
    expect(classifyVolume({ ...base, busType: BUS_TYPE_USB })).toBe('usb_mass_storage');
    expect(
      classifyVolume({ ...base, driveType: 'fixed', removableMedia: false, busType: BUS_TYPE_USB }),
    ).toBe('usb_mass_storage');
  });
  it('SD and MMC buses are memory cards', () => {
    expect(classifyVolume({ ...base, busType: BUS_TYPE_SD })).toBe('memory_card');
    expect(classifyVolume({ ...base, busType: BUS_TYPE_MMC })).toBe('memory_card');
  });
  it('a removable volume on another bus is unclassified, a fixed SATA disk is not external media', () => {
    expect(classifyVolume({ ...base, busType: 0xb })).toBe('unclassified');
    expect(classifyVolume({ ...base, driveType: 'fixed', removableMedia: false, busType: 0xb })).toBeNull();
    expect(classifyVolume({ ...base, driveType: 'cdrom' })).toBe('optical_disc');
  });
  it('a blank or all-zero firmware serial is no serial', () => {
    expect(volumeSerial({ ...base, serial: '  4C530001230815117433 ' })).toBe('4C530001230815117433');
    expect(volumeSerial({ ...base, serial: '000000' })).toBeNull();
    expect(volumeSerial({ ...base, serial: '' })).toBeNull();
  });
});
