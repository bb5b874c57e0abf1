import { expect } from 'vitest';
import { DeviceKeyError } from '../../src/identity/device-key-error.js';

/** The DeviceKeyError a promise rejects with (fails the test when it resolves or throws another error). */
export async function deviceKeyErrorOf(p: Promise<unknown>): Promise<DeviceKeyError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DeviceKeyError);
  return err as DeviceKeyError;
}
