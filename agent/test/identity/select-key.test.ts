import { chmod, chown, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pinPath, readDeviceKeyPin } from '../../src/identity/key-pin.js';
import { removeDeviceKey } from '../../src/identity/remove-key.js';
import { loadPinnedDeviceKey, selectDeviceKey } from '../../src/identity/select-key.js';
import { softwareKeyPath } from '../../src/identity/software-key.js';
import { createLinuxDeviceKeys } from '../../src/platform/linux/device-keys.js';
import { runInChild } from './child-process.js';
import { deviceKeyErrorOf } from './device-key-error-of.js';

/** The Linux backend's device keys (posix modes, tpm2-tss): these tests run on Linux. */
const keys = createLinuxDeviceKeys();

let stateDir: string;
beforeEach(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'custos-select-'));
});
afterEach(async () => {
  await rm(stateDir, { recursive: true, force: true });
});

/** A loopback port with nothing listening: a TCTI pointed there finds no TPM. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as { port: number };
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('device key selection', () => {
  it('--key software creates an Ed25519 key and pins it (0600) with its public key', async () => {
    const { key, reason } = await selectDeviceKey({ stateDir, keys, mode: 'software' });
    expect(key.algorithm).toBe('ed25519');
    expect(reason).toMatch(/--key software/);
    const pin = await readDeviceKeyPin(stateDir, true);
    expect(pin).toMatchObject({ protection: 'software', algorithm: 'ed25519' });
    expect(pin!.public_key_b64).toBe(Buffer.from(key.publicKey()).toString('base64'));
    expect((await stat(pinPath(stateDir))).mode & 0o777).toBe(0o600);
  });

  it('loadPinnedDeviceKey reloads the pinned key after a restart', async () => {
    const first = await selectDeviceKey({ stateDir, keys, mode: 'software' });
    await first.key.close();
    const again = await loadPinnedDeviceKey(stateDir, keys);
    expect(Buffer.from(again.key.publicKey())).toEqual(Buffer.from(first.key.publicKey()));
    expect(again.reason).toMatch(/pinned at enrolment: software ed25519/);
  });

  it('loadPinnedDeviceKey without an enrolment says not enrolled', async () => {
    expect((await deviceKeyErrorOf(loadPinnedDeviceKey(stateDir, keys))).code).toBe(
      'device_key.not_enrolled',
    );
  });

  it('--key auto with no TPM answering falls back to software Ed25519 and says why', async () => {
    const tcti = `swtpm:host=127.0.0.1,port=${await closedPort()}`;
    const { key, reason } = await selectDeviceKey({ stateDir, keys, mode: 'auto', tcti });
    expect(key.protection).toBe('software');
    expect(reason).toMatch(/^--key auto: no usable TPM \(.+\); falling back to software ed25519$/);
    expect((await readDeviceKeyPin(stateDir, true))!.protection).toBe('software');
  });

  it('--key tpm with no TPM answering fails and pins nothing', async () => {
    const tcti = `swtpm:host=127.0.0.1,port=${await closedPort()}`;
    const err = await deviceKeyErrorOf(selectDeviceKey({ stateDir, keys, mode: 'tpm', tcti }));
    expect(err.code).toBe('device_key.tpm_unavailable');
    expect(await readDeviceKeyPin(stateDir, true)).toBeUndefined();
  });

  it('an explicit mode that contradicts the pin is refused; auto follows the pin', async () => {
    const first = await selectDeviceKey({ stateDir, keys, mode: 'software' });
    expect((await deviceKeyErrorOf(selectDeviceKey({ stateDir, keys, mode: 'tpm' }))).code).toBe(
      'device_key.pinned_mismatch',
    );
    const auto = await selectDeviceKey({ stateDir, keys, mode: 'auto' });
    expect(Buffer.from(auto.key.publicKey())).toEqual(Buffer.from(first.key.publicKey()));
  });

  it('refuses to sign with a key that is not the pinned one (key file replaced)', async () => {
    await selectDeviceKey({ stateDir, keys, mode: 'software' });
    const other = await mkdtemp(join(tmpdir(), 'custos-select-other-'));
    try {
      await selectDeviceKey({ stateDir: other, keys, mode: 'software' });
      await writeFile(softwareKeyPath(stateDir), await readFile(softwareKeyPath(other)), { mode: 0o600 });
    } finally {
      await rm(other, { recursive: true, force: true });
    }
    expect((await deviceKeyErrorOf(loadPinnedDeviceKey(stateDir, keys))).code).toBe(
      'device_key.pinned_mismatch',
    );
  });

  it('a pinned software identity whose key file vanished fails instead of minting a new key', async () => {
    await selectDeviceKey({ stateDir, keys, mode: 'software' });
    await rm(softwareKeyPath(stateDir));
    expect((await deviceKeyErrorOf(loadPinnedDeviceKey(stateDir, keys))).code).toBe('device_key.corrupt');
    await expect(stat(softwareKeyPath(stateDir))).rejects.toThrow();
  });

  it('refuses an unknown mode as a programming error', async () => {
    await expect(selectDeviceKey({ stateDir, keys, mode: 'hsm' as never })).rejects.toThrow(TypeError);
  });
});

describe('removing the device identity (uninstall)', () => {
  it('removes key and pin, after which nothing is enrolled and a new key can be chosen', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'custos-remove-'));
    try {
      const first = await selectDeviceKey({ stateDir: dir, keys, mode: 'software' });
      await first.key.close();
      await removeDeviceKey(dir, keys);
      expect((await deviceKeyErrorOf(loadPinnedDeviceKey(dir, keys))).code).toBe('device_key.not_enrolled');
      await expect(stat(softwareKeyPath(dir))).rejects.toThrow();
      const next = await selectDeviceKey({ stateDir: dir, keys, mode: 'software' });
      expect(Buffer.from(next.key.publicKey())).not.toEqual(Buffer.from(first.key.publicKey()));
      await removeDeviceKey(dir, keys); // idempotent
      await removeDeviceKey(dir, keys);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('device TCTI diagnostics', () => {
  it('--key auto on a machine without the TPM device says so and falls back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'custos-nodev-'));
    try {
      const tcti = `device:${join(dir, 'tpmrm0')}`;
      const { key, reason } = await selectDeviceKey({ stateDir: dir, keys, mode: 'auto', tcti });
      await key.close();
      expect(key.protection).toBe('software');
      expect(reason).toContain(`no TPM device at ${join(dir, 'tpmrm0')}`);
      const err = await deviceKeyErrorOf(
        selectDeviceKey({ stateDir: join(dir, 'other'), keys, mode: 'tpm', tcti }),
      );
      expect(err.code).toBe('device_key.tpm_unavailable');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

const isRoot = process.getuid?.() === 0;
if (!isRoot) console.warn('SKIPPING unprivileged-agent test: it needs root to run a child as nobody');

describe.skipIf(!isRoot)('an unprivileged agent (child process as nobody)', () => {
  it('names the missing permission on the TPM device, falls back under auto, and keeps its own key files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'custos-unpriv-'));
    try {
      await chmod(dir, 0o755);
      const device = join(dir, 'tpmrm0');
      await writeFile(device, '', { mode: 0o600 }); // root-owned, like /dev/tpmrm0 without group tss
      const stateDir = join(dir, 'state');
      await mkdir(stateDir, { mode: 0o700 });
      await chown(stateDir, 65534, 65534);
      const program = `
import { selectDeviceKey, loadPinnedDeviceKey } from '@identity/select-key.js';
import { createLinuxDeviceKeys } from '@platform/linux/device-keys.js';
const keys = createLinuxDeviceKeys();
const [stateDir, tcti] = process.argv.slice(2);
const { key, reason } = await selectDeviceKey({ stateDir, keys, mode: 'auto', tcti });
await key.close();
const again = await loadPinnedDeviceKey(stateDir, keys);
console.log(JSON.stringify({ protection: key.protection, reason, reloaded: again.key.protection }));
await again.key.close();
`;
      const out = JSON.parse(
        await runInChild(program, [stateDir, `device:${device}`], { uid: 65534, gid: 65534 }),
      ) as {
        protection: string;
        reason: string;
        reloaded: string;
      };
      expect(out.protection).toBe('software');
      expect(out.reloaded).toBe('software');
      expect(out.reason).toContain(
        `no permission to use ${device} (EACCES): run the agent as root or in group tss`,
      );
      const st = await stat(softwareKeyPath(stateDir));
      expect(st.uid).toBe(65534);
      expect(st.mode & 0o777).toBe(0o600);
      // Root reading a key file another user owns is refused: a key that may have been copied.
      expect((await deviceKeyErrorOf(loadPinnedDeviceKey(stateDir, keys))).code).toBe(
        'device_key.file_permissions',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
