import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nativeFunction } from '@custos/native';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { LABEL_XATTR } from '../../src/platform/label-record.js';
import { createLinuxLabels } from '../../src/platform/linux/labels.js';
import { xattrCapableDir } from './xattr-dir.js';

// Document 1, apply_label, on real extended attributes.
const dir = process.platform === 'linux' ? xattrCapableDir('custos-labels-') : '';
let n = 0;
let file = '';

describe.runIf(process.platform === 'linux')('linux labels (user.custos.label)', () => {
  const labels = createLinuxLabels();
  beforeEach(() => {
    file = join(dir, `f${n++}.txt`);
    writeFileSync(file, 'content');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is available and writes a label where there was none', async () => {
    expect(labels.available).toBe(true);
    expect(await labels.read(file)).toEqual([]);
    expect(await labels.apply(file, 'Confidential', false)).toBe('written');
    expect(await labels.read(file)).toEqual(['Confidential']);
  });

  it('applying the same label again changes nothing', async () => {
    await labels.apply(file, 'Confidential', false);
    expect(await labels.apply(file, 'Confidential', false)).toBe('unchanged');
  });

  it('keeps a different existing label unless replace_existing', async () => {
    await labels.apply(file, 'Internal', false);
    expect(await labels.apply(file, 'Confidential', false)).toBe('kept_existing');
    expect(await labels.read(file)).toEqual(['Internal']);
    expect(await labels.apply(file, 'Confidential', true)).toBe('replaced');
    expect(await labels.read(file)).toEqual(['Confidential']);
  });

  it('never writes over a customer-owned label, even with replace_existing', async () => {
    const customer = Buffer.from(JSON.stringify({ v: 1, owner: 'customer', label: 'Legal Hold' }));
    nativeFunction('xattrSet')(file, LABEL_XATTR, customer, 'any');
    expect(await labels.apply(file, 'Public', true)).toBe('kept_customer_label');
    expect(nativeFunction('xattrGet')(file, LABEL_XATTR)).toEqual(customer);
    expect(await labels.read(file)).toEqual(['Legal Hold']);
  });

  it('never writes over bytes that are not our record', async () => {
    const foreign = Buffer.from('classification=secret');
    nativeFunction('xattrSet')(file, LABEL_XATTR, foreign, 'any');
    expect(await labels.apply(file, 'Public', true)).toBe('kept_customer_label');
    expect(nativeFunction('xattrGet')(file, LABEL_XATTR)).toEqual(foreign);
    expect(await labels.read(file)).toEqual([]);
  });

  it('leaves every other attribute of the file exactly as it was', async () => {
    nativeFunction('xattrSet')(file, 'user.mip.label', Buffer.from('customer-label-id'), 'any');
    await labels.apply(file, 'Confidential', false);
    await labels.apply(file, 'Restricted', true);
    expect(nativeFunction('xattrGet')(file, 'user.mip.label')?.toString()).toBe('customer-label-id');
    expect(nativeFunction('xattrList')(file).sort()).toEqual([LABEL_XATTR, 'user.mip.label'].sort());
  });

  it('refuses an invalid label value before touching the file', async () => {
    await expect(labels.apply(file, 'bad\nlabel', false)).rejects.toThrow(TypeError);
    expect(nativeFunction('xattrGet')(file, LABEL_XATTR)).toBeNull();
  });

  it('a missing file is a coded error, not a silent success', async () => {
    await expect(labels.apply(join(dir, 'nope.txt'), 'Confidential', false)).rejects.toMatchObject({
      code: 'native.not_found',
    });
  });
});
