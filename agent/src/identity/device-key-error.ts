/**
 * Why a device key could not be created, loaded or used. `code` is stable (doctor verdicts and
 * logs key on it); `message` is for operators and never carries key material.
 */
export type DeviceKeyErrorCode =
  | 'device_key.not_enrolled'
  | 'device_key.pinned_mismatch'
  | 'device_key.tpm_unavailable'
  | 'device_key.tpm_key_unusable'
  | 'device_key.file_permissions'
  | 'device_key.corrupt'
  | 'device_key.unsupported_platform';

export class DeviceKeyError extends Error {
  readonly code: DeviceKeyErrorCode;
  constructor(code: DeviceKeyErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DeviceKeyError';
    this.code = code;
  }
}
