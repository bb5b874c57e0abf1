import type { DeviceKeySupport } from '../platform/types.js';
import type { DeviceKey, DeviceKeyProtection } from './device-key.js';
import { DeviceKeyError } from './device-key-error.js';
import { type DeviceKeyPin, readDeviceKeyPin, writeDeviceKeyPin } from './key-pin.js';
import { loadOrCreateSoftwareKey, loadSoftwareKey } from './software-key.js';

/** `--key tpm|software|auto` (issue 8), on enrolment and in config. */
export type KeyMode = 'tpm' | 'software' | 'auto';
export const KEY_MODES: readonly KeyMode[] = ['tpm', 'software', 'auto'];

/** TCTI used when configuration names none: the kernel's resource manager on real machines. */
export const DEFAULT_TCTI = 'device:/dev/tpmrm0';

export interface SelectDeviceKeyOptions {
  stateDir: string;
  /** The platform's device-key support (`platform.deviceKeys`). */
  keys: DeviceKeySupport;
  mode: KeyMode;
  /** tpm2-tss TCTI string, e.g. `device:/dev/tpmrm0` or `swtpm:host=127.0.0.1,port=2321` (Linux only). */
  tcti?: string;
  now?: Date;
}

/** The key in force and a one-line reason for the log (which key, and why that one). */
export interface KeySelection {
  key: DeviceKey;
  reason: string;
}

function describe(key: DeviceKey): string {
  return `${key.protection} ${key.algorithm}`;
}

function modeFor(protection: DeviceKeyProtection): KeyMode {
  return protection === 'tpm_backed' ? 'tpm' : 'software';
}

async function openPinned(
  stateDir: string,
  keys: DeviceKeySupport,
  pin: DeviceKeyPin,
  tcti: string | undefined,
): Promise<KeySelection> {
  let key: DeviceKey;
  if (pin.protection === 'tpm_backed') {
    const useTcti = tcti ?? pin.tcti ?? DEFAULT_TCTI;
    try {
      key = await keys.openHardwareKey({ stateDir, tcti: useTcti, create: false });
    } catch (err) {
      // Fail closed: a TPM-enrolled identity never falls back to a software key (issue 8).
      const why = err instanceof Error ? err.message : String(err);
      const code = err instanceof DeviceKeyError ? err.code : 'device_key.tpm_unavailable';
      throw new DeviceKeyError(
        code,
        `this agent enrolled with a TPM-backed key, which cannot be used now (${why}); ` +
          'it will not switch to another key: restore the TPM or re-enrol from a fresh state directory',
        { cause: err },
      );
    }
  } else {
    const soft = await loadSoftwareKey(stateDir, keys.posixModes);
    if (!soft) {
      throw new DeviceKeyError(
        'device_key.corrupt',
        'this agent enrolled with a software key whose file is missing; re-enrol from a fresh state directory',
      );
    }
    key = soft;
  }
  const actual = Buffer.from(key.publicKey()).toString('base64');
  if (key.algorithm !== pin.algorithm || actual !== pin.public_key_b64) {
    await key.close();
    throw new DeviceKeyError(
      'device_key.pinned_mismatch',
      'the device key found is not the one pinned at enrolment; refusing to sign with it',
    );
  }
  return { key, reason: `pinned at enrolment: ${describe(key)}` };
}

/**
 * Picks the device key for enrolment and pins the choice in the state directory. With a pin
 * already present the pinned key is reloaded; an explicit mode that contradicts the pin is refused.
 * `auto` uses the TPM when one answers and otherwise software Ed25519, saying why.
 */
export async function selectDeviceKey(options: SelectDeviceKeyOptions): Promise<KeySelection> {
  const { stateDir, mode, keys } = options;
  if (!KEY_MODES.includes(mode)) throw new TypeError(`unknown key mode ${String(mode)}`);
  const pin = await readDeviceKeyPin(stateDir, keys.posixModes);
  if (pin) {
    if (mode !== 'auto' && mode !== modeFor(pin.protection)) {
      throw new DeviceKeyError(
        'device_key.pinned_mismatch',
        `--key ${mode} requested, but this state directory is pinned to a ${pin.protection} key; ` +
          're-enrol from a fresh state directory to change it',
      );
    }
    return openPinned(stateDir, keys, pin, options.tcti);
  }

  const tcti = options.tcti ?? DEFAULT_TCTI;
  let selection: KeySelection;
  if (mode === 'software') {
    const key = await loadOrCreateSoftwareKey(stateDir, keys.posixModes);
    selection = { key, reason: `--key software: ${describe(key)}` };
  } else {
    let key: DeviceKey | undefined;
    let why = '';
    try {
      key = await keys.openHardwareKey({ stateDir, tcti, create: true });
    } catch (err) {
      why = err instanceof Error ? err.message : String(err);
      if (mode === 'tpm') {
        throw new DeviceKeyError(
          'device_key.tpm_unavailable',
          `--key tpm requested, but no TPM key: ${why}`,
          {
            cause: err,
          },
        );
      }
    }
    if (key) {
      selection = { key, reason: `--key ${mode}: ${describe(key)} (TPM answered at ${tcti})` };
    } else {
      const soft = await loadOrCreateSoftwareKey(stateDir, keys.posixModes);
      selection = {
        key: soft,
        reason: `--key auto: no usable TPM (${why}); falling back to ${describe(soft)}`,
      };
    }
  }
  const usedTcti = selection.key.protection === 'tpm_backed' && keys.pinsTcti ? tcti : undefined;
  await writeDeviceKeyPin(
    stateDir,
    selection.key,
    {
      ...(usedTcti !== undefined ? { tcti: usedTcti } : {}),
      ...(options.now ? { now: options.now } : {}),
    },
    keys.posixModes,
  );
  return selection;
}

/**
 * Reloads the key pinned at enrolment (agent start). Throws DeviceKeyError `device_key.not_enrolled`
 * when nothing is pinned, and fails closed when a pinned TPM key cannot be used.
 */
export async function loadPinnedDeviceKey(
  stateDir: string,
  keys: DeviceKeySupport,
  options: { tcti?: string } = {},
): Promise<KeySelection> {
  const pin = await readDeviceKeyPin(stateDir, keys.posixModes);
  if (!pin)
    throw new DeviceKeyError('device_key.not_enrolled', 'no device key is pinned in this state directory');
  return openPinned(stateDir, keys, pin, options.tcti);
}
