import type { DeviceKeySupport } from '../types.js';

/**
 * Linux device keys: files guarded by POSIX modes, the hardware key in a TPM through tpm2-tss
 * (`tpm/`, loaded on first use so a machine without tpm2-tss never loads it).
 */
export function createLinuxDeviceKeys(): DeviceKeySupport {
  return {
    posixModes: true,
    pinsTcti: true,
    async openHardwareKey(options) {
      const { openTpmKey } = await import('./tpm/tpm-key.js');
      return openTpmKey(options);
    },
    async probeHardware(tcti) {
      const { EsysContext } = await import('./tpm/esys-context.js');
      const ctx = await EsysContext.open(tcti);
      await ctx.closeWhenIdle();
      return `TPM 2.0 answered at ${tcti}`;
    },
    // The TPM holds no persistent object of ours: without its wrapped blob (in the state
    // directory) the key cannot be loaded again.
    removeHardwareKey: async () => undefined,
  };
}
