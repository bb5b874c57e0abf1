import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUNDLE_ERROR_CODES } from '../../src/bundle/index.js';

const doc = readFileSync(new URL('../../../docs/policy-model.md', import.meta.url), 'utf8');

describe('verification codes are documented', () => {
  it('docs/policy-model.md names every code of the catalogue, and no other bundle.* code', () => {
    for (const code of BUNDLE_ERROR_CODES) expect(doc).toContain(`\`${code}\``);
    const documented = new Set(doc.match(/`bundle\.[a-z_]+`/g)?.map((c) => c.slice(1, -1)));
    expect([...documented].sort()).toEqual([...BUNDLE_ERROR_CODES].sort());
  });
});
