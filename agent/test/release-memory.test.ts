import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { AGENT_DIST } from './helpers/agent-process.js';

const run = promisify(execFile);

test('freed memory is handed back through glibc on Linux, koffi loaded only when asked', async () => {
  // A fresh process: koffi must not be loaded by importing the service, only by the first release.
  const script = `
    import { createRequire } from 'node:module';
    const cache = createRequire(import.meta.url).cache;
    const koffi = () => Object.keys(cache).some((k) => k.includes('/koffi/'));
    await import(${JSON.stringify(`${AGENT_DIST}service.js`)});
    const before = koffi();
    const { releaseFreedMemory } = await import(${JSON.stringify(`${AGENT_DIST}platform/linux/release-memory.js`)});
    const first = releaseFreedMemory();
    const second = releaseFreedMemory();
    console.log(JSON.stringify({ before, first, second, after: koffi() }));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script]);
  // Expected only where glibc is the C library (musl and Windows have nothing to release).
  const report = process.report.getReport() as unknown as { header: { glibcVersionRuntime?: string } };
  const linuxGlibc = process.platform === 'linux' && report.header.glibcVersionRuntime !== undefined;
  expect(JSON.parse(stdout)).toEqual({
    before: false,
    first: linuxGlibc,
    second: linuxGlibc,
    after: linuxGlibc,
  });
});
