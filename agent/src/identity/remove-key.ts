import { rm } from 'node:fs/promises';
import { readDeviceKeyPin } from './key-pin.js';
import { deviceKeyDir } from './private-files.js';

/**
 * Removes the device identity for `dlp-agent uninstall`: the key material and the pin in the
 * state directory and, on Windows, the persisted Platform Crypto Provider key (which lives in the
 * machine key store, outside the state directory). A Linux TPM key needs nothing more: the TPM
 * holds no persistent object of ours, and without its wrapped blob the key cannot be loaded again.
 */
export async function removeDeviceKey(stateDir: string): Promise<void> {
  const pin = await readDeviceKeyPin(stateDir).catch(() => undefined);
  if (process.platform === 'win32' && pin?.protection === 'tpm_backed') {
    const { deletePlatformCryptoKey } = await import('../platform/win32/ncrypt-key.js');
    await deletePlatformCryptoKey(stateDir);
  }
  await rm(deviceKeyDir(stateDir), { recursive: true, force: true });
}
