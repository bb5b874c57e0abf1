import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// scripts/native-check-imports.sh is what keeps node.exe out of the addon's import table (a
// direct import fails to load in a renamed exe or a single-executable build). It must refuse one.
const repo = resolve(import.meta.dirname, '..', '..', '..', '..');
const check = join(repo, 'scripts', 'native-check-imports.sh');
const dir = mkdtempSync(join(tmpdir(), 'custos-import-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('native import check', () => {
  it('passes the real cross build', () => {
    const run = spawnSync(
      'bash',
      [check, join(repo, 'agent', 'native', 'prebuilds', 'win32-x64', 'custos_native.node')],
      {
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(0);
    expect(run.stdout).not.toMatch(/node\.exe/i);
  });

  it('refuses a DLL that imports node.exe directly', () => {
    const headers = dirname(createRequire(import.meta.url).resolve('node-api-headers/package.json'));
    const lib = join(dir, 'node.lib');
    const source = join(dir, 'direct.c');
    const dll = join(dir, 'direct.node');
    writeFileSync(
      source,
      '#include <node_api.h>\nnapi_value init(napi_env env, napi_value exports) { napi_value v; napi_create_double(env, 1, &v); return v; }\n',
    );
    const opts = { encoding: 'utf8' as const };
    expect(
      spawnSync(
        'x86_64-w64-mingw32-dlltool',
        ['-d', join(headers, 'def', 'node_api.def'), '-l', lib, '-D', 'node.exe'],
        opts,
      ).status,
    ).toBe(0);
    const cc = spawnSync(
      'x86_64-w64-mingw32-gcc',
      ['-shared', '-o', dll, source, `-I${join(headers, 'include')}`, lib],
      opts,
    );
    expect(cc.status, cc.stderr).toBe(0);
    const run = spawnSync('bash', [check, dll], opts);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/imports node\.exe/);
  });
});
