import type { DeviceKey } from './device-key.js';
import { DeviceKeyError } from './device-key-error.js';

/** Where a hardware key lives: on Linux a TPM reached through a tpm2-tss TCTI string. */
export interface HardwareKeyOptions {
  stateDir: string;
  /** Linux only; Windows reaches its TPM through the Platform Crypto Provider. */
  tcti: string;
  /** false: only reload an existing key (never create one behind a pinned identity's back). */
  create: boolean;
}

/**
 * Opens (or creates) the hardware-held P-256 key for this platform. The backends are imported on
 * demand so that neither platform loads the other's libraries. Throws DeviceKeyError.
 */
export async function openHardwareKey(options: HardwareKeyOptions): Promise<DeviceKey> {
  if (process.platform === 'linux') {
    const { openTpmKey } = await import('./tpm/tpm-key.js');
    return openTpmKey(options);
  }
  if (process.platform === 'win32') {
    const { openPlatformCryptoKey } = await import('../platform/win32/ncrypt-key.js');
    return openPlatformCryptoKey({ stateDir: options.stateDir, create: options.create });
  }
  throw new DeviceKeyError(
    'device_key.unsupported_platform',
    `hardware-backed device keys are not supported on ${process.platform}`,
  );
}
