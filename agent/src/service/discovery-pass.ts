import { type DiscoveryRoot, type DiscoveryStats, runDiscovery } from '../sensors/discovery.js';
import { sightLogger } from '../sensors/path-sight.js';
import type { ObservationSink } from '../sensors/types.js';
import { type AgentState, bundleVersion } from './state.js';

/** The agent's own state directory is never scanned or watched. */
export function insideStateDir(s: AgentState): (path: string) => boolean {
  const dir = s.config.stateDir;
  return (p) => p === dir || p.startsWith(`${dir}/`);
}

/** What discovery and live watching cover: the bundle's monitored paths and the removable volumes. */
export async function discoveryRoots(s: AgentState): Promise<DiscoveryRoot[]> {
  const roots: DiscoveryRoot[] = (s.runtime?.monitored_paths ?? []).map((p) => ({
    path: p,
    channel: 'discovery',
  }));
  for (const v of await s.platform.removable.list()) {
    roots.push({ path: v.mount_point, channel: 'removable_storage', removable: v });
  }
  return roots;
}

/**
 * Where opens are held: the monitored paths, but only while a policy of the bundle names
 * `file_open` in its channels. A policy for every channel does not make the agent hold every open
 * of every monitored folder on its own (each holds the opening process for a round trip to the
 * agent); it does decide the opens another policy makes the agent hold (docs/agent.md, Held opens).
 */
export function heldOpenRoots(s: AgentState): string[] {
  const rt = s.runtime;
  if (!rt?.payload.policies.some((p) => p.scope.channels?.includes('file_open'))) return [];
  return rt.monitored_paths;
}

/** One discovery pass over the roots; null when no bundle is in force (nothing to decide with). */
export async function discover(s: AgentState, sink: ObservationSink): Promise<DiscoveryStats | null> {
  if (!s.runtime) return null;
  const roots = await discoveryRoots(s);
  s.sight.retain(new Set(roots.map((r) => r.path)));
  const stats = await runDiscovery(roots, {
    store: s.files,
    sink,
    maxReadBytes: s.config.maxReadBytes,
    skip: insideStateDir(s),
    bundleVersion: bundleVersion(s),
    log: (m) => s.log('debug', m),
    sight: s.sight,
    onSight: sightLogger(s.log),
  });
  s.log('info', 'discovery pass done', { ...stats });
  // A pass reads and hashes many files: give the freed buffers back before the service idles.
  s.platform.releaseFreedMemory();
  return stats;
}
