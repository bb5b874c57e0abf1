import { rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isNativeError, nativeFunction, nativeStatus } from '@custos/native';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xattrCapableDir } from './xattr-dir.js';

// The real addon, built by `npm ci` (node-gyp), on a real file system: no mocks.
const dir = process.platform === 'linux' ? xattrCapableDir('custos-xattr-') : '';
const file = join(dir, 'report.txt');

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return (err as { code?: string }).code;
  }
  return undefined;
}

describe.runIf(process.platform === 'linux')('linux xattr functions of the addon', () => {
  beforeAll(() => writeFileSync(file, 'quarterly numbers'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loads and reports the Linux functions available and the Windows ones absent, with reasons', () => {
    const status = nativeStatus();
    expect(status.loaded).toBe(true);
    expect(status.functions.xattrGet).toEqual({ available: true, reason: null });
    expect(status.functions.wfpOpen).toEqual({ available: false, reason: 'exists only in the win32 build' });
  });

  it('reads null for an absent attribute and round-trips bytes', () => {
    const get = nativeFunction('xattrGet');
    const set = nativeFunction('xattrSet');
    expect(get(file, 'user.custos.test')).toBeNull();
    set(file, 'user.custos.test', Buffer.from('héllo'), 'any');
    expect(get(file, 'user.custos.test')?.toString('utf8')).toBe('héllo');
    expect(nativeFunction('xattrList')(file)).toContain('user.custos.test');
    expect(nativeFunction('xattrRemove')(file, 'user.custos.test')).toBe(true);
    expect(nativeFunction('xattrRemove')(file, 'user.custos.test')).toBe(false);
  });

  it('create refuses to overwrite (native.exists) and replace refuses to create (native.no_data)', () => {
    const set = nativeFunction('xattrSet');
    set(file, 'user.custos.race', Buffer.from('first'), 'create');
    expect(codeOf(() => set(file, 'user.custos.race', Buffer.from('second'), 'create'))).toBe(
      'native.exists',
    );
    expect(codeOf(() => set(file, 'user.custos.absent', Buffer.from('x'), 'replace'))).toBe('native.no_data');
    expect(nativeFunction('xattrGet')(file, 'user.custos.race')?.toString()).toBe('first');
  });

  it('maps errno to a coded error carrying syscall and the raw number', () => {
    try {
      nativeFunction('xattrGet')(join(dir, 'missing.txt'), 'user.custos.label');
      expect.unreachable();
    } catch (err) {
      expect(isNativeError(err)).toBe(true);
      expect(err).toMatchObject({
        code: 'native.not_found',
        syscall: 'getxattr',
        osCode: 2,
        osCodeKind: 'errno',
      });
    }
  });

  it('refuses names outside the user namespace and wrong argument types with native.bad_argument', () => {
    const set = nativeFunction('xattrSet');
    expect(codeOf(() => set(file, 'trusted.custos', Buffer.from('x'), 'any'))).toBe('native.bad_argument');
    expect(codeOf(() => set(file, 'user.custos.x', 'not a buffer' as unknown as Buffer, 'any'))).toBe(
      'native.bad_argument',
    );
    expect(codeOf(() => set(file, 'user.custos.x', Buffer.from('x'), 'sideways' as 'any'))).toBe(
      'native.bad_argument',
    );
    expect(() => (nativeFunction('xattrList') as unknown as () => void)()).toThrow(TypeError);
  });

  it('user xattrs are not allowed on a symlink itself: the link is followed to its target', () => {
    const link = join(dir, 'link.txt');
    symlinkSync(file, link);
    nativeFunction('xattrSet')(link, 'user.custos.via-link', Buffer.from('1'), 'any');
    expect(nativeFunction('xattrGet')(file, 'user.custos.via-link')?.toString()).toBe('1');
  });

  it('calling a Windows function on Linux is a coded native.unavailable error, not a crash', () => {
    expect(codeOf(() => nativeFunction('processTokenIdentity'))).toBe('native.unavailable');
  });
});
