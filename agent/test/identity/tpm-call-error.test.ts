import { describe, expect, it } from 'vitest';
import { TpmCallError } from '../../src/platform/linux/tpm/esys-context.js';

describe('TPM response-code classification', () => {
  it('a TCTI or ESAPI I/O failure means the TPM is unreachable and worth one reconnect', () => {
    for (const rc of [0x000a000a, 0x00070008, 0x0007000a]) {
      const err = new TpmCallError('sign', rc, 'x');
      expect(err.code, rc.toString(16)).toBe('device_key.tpm_unavailable');
      expect(err.transient).toBe(true);
    }
  });

  it('a TPM that restarted (not initialised, key handle gone) is worth one reconnect', () => {
    for (const rc of [0x100, 0x910]) {
      const err = new TpmCallError('sign', rc, 'x');
      expect(err.code).toBe('device_key.tpm_key_unusable');
      expect(err.transient).toBe(true);
    }
  });

  it('refusals of the key itself are final: integrity (cleared TPM), lockout, bad auth', () => {
    for (const rc of [0x09f, 0x921, 0x98e]) {
      const err = new TpmCallError('load signing key', rc, 'decoded');
      expect(err.code).toBe('device_key.tpm_key_unusable');
      expect(err.transient).toBe(false);
      expect(err.message).toBe('load signing key failed: decoded');
    }
  });
});
