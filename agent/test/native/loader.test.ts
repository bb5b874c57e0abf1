import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { addonCandidates, defaultCandidates, loadFrom, NativeLoadError, useNativeHost } from '@custos/native';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'custos-loader-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('native addon loader', () => {
  it('tries an override first, then beside the executable, then the node-gyp build', () => {
    const list = addonCandidates({
      platform: 'linux',
      arch: 'x64',
      packageRoot: '/opt/custos/native',
      execPath: '/opt/custos/bin/dlp-agent',
      override: '/etc/custos/custos_native.node',
    });
    expect(list).toEqual([
      '/etc/custos/custos_native.node',
      '/opt/custos/bin/custos_native.node',
      '/opt/custos/native/build/Release/custos_native.node',
    ]);
  });

  it('adds the mingw cross build on win32-x64 only', () => {
    const win = addonCandidates({ platform: 'win32', arch: 'x64', packageRoot: '/n', execPath: '/b/x.exe' });
    expect(win.at(-1)).toBe(join('/n', 'prebuilds', 'win32-x64', 'custos_native.node'));
    const arm = addonCandidates({
      platform: 'win32',
      arch: 'arm64',
      packageRoot: '/n',
      execPath: '/b/x.exe',
    });
    expect(arm.some((p) => p.includes('win32-x64'))).toBe(false);
  });

  it('reads no process.platform: the cross build is a candidate once the platform switch names win32', () => {
    const cross = join('prebuilds', 'win32-x64', 'custos_native.node');
    try {
      useNativeHost('linux');
      expect(defaultCandidates().some((p) => p.endsWith(cross))).toBe(false);
      useNativeHost('win32');
      expect(defaultCandidates().some((p) => p.endsWith(cross))).toBe(process.arch === 'x64');
    } finally {
      useNativeHost(process.platform);
    }
  });

  it('a failed load names every path tried and why, with code native.load_failed', () => {
    const garbage = join(dir, 'custos_native.node');
    writeFileSync(garbage, 'not a shared object');
    const missing = join(dir, 'missing', 'custos_native.node');
    let caught: unknown;
    try {
      loadFrom([missing, garbage]);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(NativeLoadError);
    const error = caught as NativeLoadError;
    expect(error.code).toBe('native.load_failed');
    expect(error.tried.map((t) => t.path)).toEqual([missing, garbage]);
    expect(error.tried[0]!.error).toBe('not found');
    expect(error.message).toContain(missing);
    expect(error.message).toContain(garbage);
    expect(error.details).toHaveLength(2);
  });

  it.runIf(process.platform === 'linux')(
    "accepts the real build: its ABI version is the facade's",
    async () => {
      const { EXPECTED_ABI_VERSION } = await import('@custos/native');
      expect(EXPECTED_ABI_VERSION).toBe(2);
      const path = join(import.meta.dirname, '..', '..', 'native', 'build', 'Release', 'custos_native.node');
      expect(loadFrom([path]).binding.abiVersion).toBe(EXPECTED_ABI_VERSION);
    },
  );

  it.runIf(process.platform === 'linux')(
    'refuses a loadable addon whose ABI version differs, naming it',
    () => {
      // A real, loadable Node-API module that says abiVersion 1: a stale build must not be used.
      const headers = dirname(createRequire(import.meta.url).resolve('node-api-headers/package.json'));
      const source = join(dir, 'stale.c');
      const stale = join(dir, 'stale.node');
      writeFileSync(
        source,
        '#include <node_api.h>\nNAPI_MODULE_INIT() { napi_value v; napi_create_int32(env, 1, &v); napi_set_named_property(env, exports, "abiVersion", v); return exports; }\n',
      );
      const cc = spawnSync('cc', ['-shared', '-fPIC', '-o', stale, source, `-I${join(headers, 'include')}`], {
        encoding: 'utf8',
      });
      expect(cc.status, cc.stderr).toBe(0);
      expect(() => loadFrom([stale])).toThrow(/stale\.node \(abi 1, expected 2\)/);
    },
  );
});
