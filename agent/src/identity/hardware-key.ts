import type { DeviceKey } from './device-key.js';
import { DeviceKeyError } from './device-key-error.js';

/** Where a hardware key lives: on Linux a TPM reached through a tpm2-tss TCTI string. */
export interface HardwareKeyOptions {
  stateDir: string;
  tcti: string;
  /** false: only reload an existing key (never create one behind a pinned identity's back). */
  create: boolean;
}

/** Opens (or creates) the hardware-held P-256 key for this platform. Throws DeviceKeyError. */
export async function openHardwareKey(_options: HardwareKeyOptions): Promise<DeviceKey> {
  throw new DeviceKeyError(
    'device_key.tpm_unavailable',
    'TPM-backed keys are not yet available in this build',
  );
}
