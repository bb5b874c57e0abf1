// Runs scripts/fleet-sim/main.ts: esbuild bundles the simulator's TypeScript (and the agent and
// test helpers it reuses) into one module, packages left external. The bundle sits three folders
// below the repository root, as the helpers it inlines do, so their paths relative to
// `import.meta.url` (the server's bin) still resolve.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../../', import.meta.url));
const outfile = `${root}node_modules/.cache/fleet-sim/main.mjs`;
await build({
  entryPoints: [`${root}scripts/fleet-sim/main.ts`],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  outfile,
  logLevel: 'warning',
});
const r = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exitCode = r.status ?? 1;
