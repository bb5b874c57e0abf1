import { rm } from 'node:fs/promises';
import type { DeviceKeySupport } from '../platform/types.js';
import { readDeviceKeyPin } from './key-pin.js';
import { deviceKeyDir } from './private-files.js';

/**
 * Removes the device identity for `dlp-agent uninstall`: the key material and the pin in the
 * state directory and, for a hardware key, what the platform keeps outside it (Windows: the
 * persisted Platform Crypto Provider key in the machine key store; a Linux TPM holds nothing of ours).
 */
export async function removeDeviceKey(stateDir: string, keys: DeviceKeySupport): Promise<void> {
  const pin = await readDeviceKeyPin(stateDir, keys.posixModes).catch(() => undefined);
  if (pin?.protection === 'tpm_backed') await keys.removeHardwareKey(stateDir);
  await rm(deviceKeyDir(stateDir), { recursive: true, force: true });
}
