import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { spawnNode } from './helpers/node-process.js';

const DEMO = fileURLToPath(new URL('../../scripts/demo.mjs', import.meta.url));

/**
 * `npm run demo` (issue 7, Demo) as README describes it: the script against the compiled server
 * and agent (`tsc -b` first, as `npm test` does), checked on what it prints and what it leaves.
 */
describe('npm run demo', () => {
  it('publishes through the API, enrols, raises two incidents for the valid cards and cleans up', async () => {
    const r = await spawnNode(DEMO, [], {}, /^DLP_/).done;
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/tenant [0-9a-f-]{36} \(demo\), Owner security@demo\.example/);
    expect(r.stdout).toMatch(/Signing in to "demo" as its Owner/);
    expect(r.stdout).toMatch(/POL-1 version 1 published; signed bundle version 1/);
    expect(r.stdout).toMatch(/bundle 1 in force; 4 files inspected, 2 events uploaded/);
    const incidents = r.stdout.split('\n').filter((l) => /^ {2}INC-\d+ /.test(l));
    expect(incidents).toHaveLength(2);
    expect(incidents.join('\n')).toMatch(/customer-cards\.csv/);
    expect(incidents.join('\n')).toMatch(/amex-refund\.txt/);
    expect(r.stdout).not.toMatch(/order-numbers|meeting-notes/);
    // The card numbers themselves are never printed.
    expect(r.stdout).not.toMatch(/4111 ?1111 ?1111 ?1111|5500 ?0000 ?0000 ?0004|3400 ?000000 ?00009/);
    const removed = /removed (\S+)/.exec(r.stdout)?.[1];
    expect(removed).toBeDefined();
    expect(existsSync(removed!)).toBe(false);
    const elapsed = /Demo finished in ([\d.]+) s\./.exec(r.stdout)?.[1];
    console.log(`npm run demo: ${elapsed} s`);
  }, 120_000);
});
