import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'rolldown';

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, '../../..');

/**
 * Runs a small ESM program that imports the agent's identity and platform sources (`@identity/…`,
 * `@platform/…`) in a separate Node process
 * (a real process restart: nothing survives in memory). The sources are bundled with rolldown,
 * which ships with vite, since Node 20 cannot load TypeScript itself. `as` runs it as another
 * user (the caller must be root).
 */
export async function runInChild(
  program: string,
  args: string[],
  as?: { uid: number; gid: number },
): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'custos-child-'));
  try {
    const entry = join(dir, 'entry.ts');
    await writeFile(
      entry,
      program
        .replaceAll('@identity/', `${repo}/agent/src/identity/`)
        .replaceAll('@platform/', `${repo}/agent/src/platform/`),
    );
    await symlink(join(repo, 'node_modules'), join(dir, 'node_modules'));
    const out = join(dir, 'entry.mjs');
    await build({
      input: entry,
      platform: 'node',
      external: ['koffi'],
      resolve: { extensionAlias: { '.js': ['.ts', '.js'] } },
      output: { file: out, format: 'esm', codeSplitting: false },
      logLevel: 'silent',
    });
    // Another user must be able to read the bundle (mkdtemp makes the directory 0700).
    if (as) await chmod(dir, 0o755);
    const { stdout } = await run(process.execPath, [out, ...args], { timeout: 60_000, ...(as ?? {}) });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
