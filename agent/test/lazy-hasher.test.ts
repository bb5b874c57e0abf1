import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { AGENT_DIST } from './helpers/agent-process.js';
import { tempDir } from './helpers/tmp.js';

const run = promisify(execFile);

test('hash-wasm’s BLAKE3 build is loaded by the first file read, not when the content reader is imported', async () => {
  const file = join(tempDir(), 'note.txt');
  writeFileSync(file, 'abc');
  // A fresh process: what the running agent has loaded, not what this test runner has.
  const script = `
    import { createRequire } from 'node:module';
    const cache = createRequire(import.meta.url).cache;
    const hashWasm = () => Object.keys(cache).some((k) => k.includes('/hash-wasm/'));
    const { readContent } = await import(${JSON.stringify(`${AGENT_DIST}content/read-content.js`)});
    const before = hashWasm();
    const read = await readContent(${JSON.stringify(file)}, 1024);
    const index = Object.keys(cache).some((k) => k.endsWith('/hash-wasm/dist/index.umd.js'));
    console.log(JSON.stringify({ before, after: hashWasm(), index, blake3: read.blake3 }));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script]);
  expect(JSON.parse(stdout)).toEqual({
    before: false,
    after: true,
    // The BLAKE3-only build, not the index with every algorithm.
    index: false,
    // BLAKE3("abc"), the reference test vector.
    blake3: '6437b3ac38465133ffb63b75273a8db548c558465d79db03fd359c6cd5bd9d85',
  });
});
