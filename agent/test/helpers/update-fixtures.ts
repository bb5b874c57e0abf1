import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AGENT_DIST } from './agent-process.js';
import { spawnNode } from './node-process.js';
import { SERVER_BIN } from './server-process.js';

/**
 * A two-line "build" of the agent for self-update tests (docs/agent-updates.md): run by Node, it
 * declares itself the replaceable executable and the version it stands for, then runs the compiled
 * agent. `extra` is code run first (a broken build).
 */
export function launcher(version: string, extra = ''): string {
  return `// dlp-agent launcher ${version} (test build)
${extra}
globalThis[Symbol.for('custos.agent.launcher')] = { version: ${JSON.stringify(version)}, executable: process.argv[1] };
const { main } = await import(${JSON.stringify(`${AGENT_DIST}cli/main.js`)});
process.exitCode = await main(process.argv.slice(2));
`;
}

/** `dlp-server release add` on the server's data directory (the server may run), as an operator would. */
export async function releaseAdd(
  serverData: string,
  work: string,
  version: string,
  text: string,
): Promise<{ id: string; sha256: string }[]> {
  const file = join(work, `package-${version}.mjs`);
  writeFileSync(file, text);
  const r = await spawnNode(
    SERVER_BIN,
    ['release', 'add', file, '--version', version, '--platform', 'linux-x64', '--json'],
    { DLP_DATA_DIR: serverData },
    /^DLP_/,
  ).done;
  if (r.code !== 0) throw new Error(`dlp-server release add exited ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout) as { id: string; sha256: string }[];
}
