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

export function buildInfo(): BuildInfo | null {
  const b = (globalThis as { [BUILD]?: unknown })[BUILD];
  return b && typeof (b as BuildInfo).commit === 'string' ? (b as BuildInfo) : null;
}

/** `dlp-agent --version`: version, commit (packaged) or "source tree", the Node it runs on, target. */
export function versionLine(): string {
  const b = buildInfo();
  const origin = b ? `commit ${b.commit}, single executable` : 'source tree, not packaged';
  return `dlp-agent ${AGENT_VERSION} (${origin}; Node ${process.version}, ${HOST_TARGET})`;
}
