import { realpathSync } from 'node:fs';
import { HOST_TARGET } from './platform/index.js';

/** Agent version reported at enrolment and check-in. */
export const AGENT_VERSION = '0.1.0';

/**
 * What a packaged build (scripts/package, `npm run package`) records about itself: the commit it was
 * built from. The single executable's entry sets it on the global object before the CLI runs; a run
 * from the source tree has none.
 */
export interface BuildInfo {
  /** Full commit id, with `-dirty` when the work tree had uncommitted changes. */
  commit: string;
}

const BUILD = Symbol.for('custos.agent.build');
const LAUNCHER = Symbol.for('custos.agent.launcher');

/**
 * A launcher file that runs the agent under Node and declares itself the replaceable executable
 * (docs/agent-updates.md): its path, and the version it stands for. Tests use one to run two
 * versions of the agent without building the single executable twice.
 */
export interface LauncherInfo {
  version: string;
  executable: string;
}

function launcherInfo(): LauncherInfo | null {
  const l = (globalThis as { [LAUNCHER]?: unknown })[LAUNCHER] as Partial<LauncherInfo> | undefined;
  return l && typeof l.version === 'string' && typeof l.executable === 'string'
    ? { version: l.version, executable: l.executable }
    : null;
}

/** The version this agent reports: the launcher's, else the built-in one. */
export function agentVersion(): string {
  return launcherInfo()?.version ?? AGENT_VERSION;
}

/** Release platform names (docs/packaging.md targets): `linux-x64`, `win-x64` … */
export const AGENT_PLATFORM = HOST_TARGET.replace(/^win32-/, 'win-');

/**
 * The file self-update replaces: the single executable, or a declared launcher; null from the
 * source tree (nothing there may be swapped for a downloaded package). Always the real file: a
 * symlink (the .deb's /usr/bin/dlp-agent) is followed, so the swap renames over the file the
 * service runs, never over the link.
 */
export function updatableExecutable(): string | null {
  const l = launcherInfo();
  const path = l ? l.executable : buildInfo() ? process.execPath : null;
  if (!path) return null;
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

export function buildInfo(): BuildInfo | null {
  const b = (globalThis as { [BUILD]?: unknown })[BUILD];
  return b && typeof (b as BuildInfo).commit === 'string' ? (b as BuildInfo) : null;
}

/** `dlp-agent --version`: version, commit (packaged) or "source tree", the Node it runs on, target. */
export function versionLine(): string {
  const b = buildInfo();
  const origin = b ? `commit ${b.commit}, single executable` : 'source tree, not packaged';
  return `dlp-agent ${agentVersion()} (${origin}; Node ${process.version}, ${HOST_TARGET})`;
}
