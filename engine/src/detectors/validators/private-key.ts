import { pemBase64Valid, pemBodyValid } from './pem.js';

/** A private key either as a PEM/OpenSSH block or as base64 of one (`LS0tLS1CRUdJTi…`). */
export function privateKeyValid(value: string): boolean {
  return value.startsWith('LS0t') ? pemBase64Valid(value) : pemBodyValid(value);
}
