import type { DeviceKeySupport } from '../types.js';

/**
 * Windows device keys: files guarded by ACLs (mode bits are not checked), the hardware key in the
 * Microsoft Platform Crypto Provider (`ncrypt-key.ts`, loaded on first use).
 */
export function createWin32DeviceKeys(): DeviceKeySupport {
  return {
    posixModes: false,
    pinsTcti: false,
    async openHardwareKey(options) {
      const { openPlatformCryptoKey } = await import('./ncrypt-key.js');
      return openPlatformCryptoKey({ stateDir: options.stateDir, create: options.create });
    },
    async probeHardware() {
      const { probePlatformCryptoProvider } = await import('./ncrypt-key.js');
      await probePlatformCryptoProvider();
      return 'Microsoft Platform Crypto Provider opened';
    },
    // The persisted key lives in the machine key store, outside the state directory.
    async removeHardwareKey(stateDir) {
      const { deletePlatformCryptoKey } = await import('./ncrypt-key.js');
      await deletePlatformCryptoKey(stateDir);
    },
  };
}
