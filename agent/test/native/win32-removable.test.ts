import type { VolumeEntry } from '@custos/native';
import { describe, expect, it } from 'vitest';
import { removableFromVolumes } from '../../src/platform/win32/removable.js';

const volume = (over: Partial<VolumeEntry>): VolumeEntry => ({
  volume: '\\\\?\\Volume{1}\\',
  driveType: 'removable',
  mountPoints: ['E:\\'],
  busType: 7,
  removableMedia: true,
  vendor: 'SanDisk',
  product: 'Cruzer',
  serial: '4C5300012308',
  queryError: null,
  ...over,
});

describe('windows removable volumes', () => {
  it('lists USB and card volumes with class and serial, and leaves fixed disks and optical drives out', () => {
    const list = removableFromVolumes([
      volume({}),
      volume({ volume: 'v2', mountPoints: ['F:\\'], busType: 0xc, serial: null, vendor: '', product: '' }),
      volume({
        volume: 'v3',
        mountPoints: ['C:\\'],
        driveType: 'fixed',
        busType: 0xb,
        removableMedia: false,
      }),
      volume({ volume: 'v4', mountPoints: ['D:\\'], driveType: 'cdrom', busType: 0x3 }),
      volume({ volume: 'v5', mountPoints: [] }),
    ]);
    expect(list).toEqual([
      {
        mount_point: 'E:\\',
        device: '\\\\?\\Volume{1}\\',
        device_class: 'usb_mass_storage',
        serial: '4C5300012308',
        vendor: 'SanDisk',
        model: 'Cruzer',
        source: 'storage_device_query',
      },
      {
        mount_point: 'F:\\',
        device: 'v2',
        device_class: 'memory_card',
        serial: null,
        vendor: null,
        model: null,
        source: 'storage_device_query',
      },
    ]);
  });
});
