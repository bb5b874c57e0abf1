import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { spawnNode } from './helpers/node-process.js';
import { tempDir } from './helpers/tmp.js';

// Issue 26 item 9: the Node range the project declares must be true of every installed package.
const SCRIPT = fileURLToPath(new URL('../../scripts/check-engines.mjs', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function fakeProject(engines: Record<string, string>): string {
  const dir = tempDir('dlp-engines-');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'p', engines: { node: '>=20.19.0' } }));
  for (const [name, range] of Object.entries(engines)) {
    const pkg = join(dir, 'node_modules', ...name.split('/'));
    mkdirSync(pkg, { recursive: true });
    writeFileSync(
      join(pkg, 'package.json'),
      JSON.stringify({ name, version: '1.0.0', engines: { node: range } }),
    );
  }
  return dir;
}

describe('declared Node range (scripts/check-engines.mjs)', () => {
  it('every package installed in this tree accepts the root minimum', async () => {
    const r = await spawnNode(SCRIPT, [ROOT]).done;
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/accept Node 20\.19\.0/);
  });

  it('fails naming a package that needs a newer Node (cookie@2 declares >=22)', async () => {
    const dir = fakeProject({ cookie: '>=22', '@scope/fine': '>=18 || ^20.19.0' });
    const r = await spawnNode(SCRIPT, [dir]).done;
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('cookie@1.0.0');
    expect(r.stderr).not.toContain('@scope/fine');
  });

  it('a range accepting only later 20.x releases also excludes the minimum', async () => {
    const r = await spawnNode(SCRIPT, [fakeProject({ late: '^20.20.0 || >=22' })]).done;
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('late@1.0.0');
  });
});
