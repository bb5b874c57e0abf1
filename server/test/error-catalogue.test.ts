import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../src/http/error-codes.js';

const docPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/errors.md');

function documented(): Map<string, number> {
  const rows = new Map<string, number>();
  for (const line of fs.readFileSync(docPath, 'utf8').split('\n')) {
    const m = /^\|\s*`([a-z0-9_.]+)`\s*\|\s*([0-9]{3})\s*\|/.exec(line);
    if (m) rows.set(m[1]!, Number(m[2]));
  }
  return rows;
}

describe('error catalogue', () => {
  it('documents every code in docs/errors.md with its status', () => {
    const docs = documented();
    for (const [code, entry] of Object.entries(ERROR_CODES)) {
      expect(docs.get(code), `docs/errors.md lacks ${code}`).toBe(entry.status);
    }
  });

  it('documents no code the catalogue lacks', () => {
    const missing = [...documented().keys()].filter((code) => !Object.hasOwn(ERROR_CODES, code));
    expect(missing).toEqual([]);
  });

  it('uses dotted lower-case codes', () => {
    for (const code of Object.keys(ERROR_CODES)) expect(code).toMatch(/^[a-z]+([._][a-z_]+)*$/);
  });
});
