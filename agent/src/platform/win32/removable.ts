import { type DeviceChange, nativeFunction, type VolumeEntry } from '@custos/native';
import type { RemovableDevices, RemovableVolume } from '../types.js';
import { classifyVolume, volumeSerial } from './device-class.js';

/**
 * Mounted external volumes as the storage stack reports them. Document 2: "on Windows neither
 * phones nor optical discs are [detected]", so cdrom volumes are left out and phones (which have
 * no volume) never appear; a phone would never carry a serial anyway.
 */
export function removableFromVolumes(volumes: VolumeEntry[]): RemovableVolume[] {
  const out: RemovableVolume[] = [];
  for (const volume of volumes) {
    const deviceClass = classifyVolume(volume);
    if (deviceClass === null || deviceClass === 'optical_disc') continue;
    for (const mount of volume.mountPoints) {
      out.push({
        mount_point: mount,
        device: volume.volume,
        device_class: deviceClass,
        serial: volumeSerial(volume),
        vendor: volume.vendor || null,
        model: volume.product || null,
        source: 'storage_device_query',
      });
    }
  }
  return out;
}

export function createWin32Removable(): RemovableDevices {
  return { list: async () => removableFromVolumes(nativeFunction('listVolumes')()) };
}

export interface VolumeWatch {
  close(): void;
}

/**
 * Arrival and removal of volumes (a drive letter, or a volume interface path), for the removable
 * media sensor to re-list at once instead of waiting for its next poll. Throws a coded error where
 * no notification window can exist (a session without a desktop, headless Wine); the sensor then
 * keeps polling.
 */
export function watchVolumeChanges(onChange: (change: DeviceChange) => void): VolumeWatch {
  const id = nativeFunction('watchDevices')(onChange);
  return { close: () => void nativeFunction('unwatchDevices')(id) };
}
