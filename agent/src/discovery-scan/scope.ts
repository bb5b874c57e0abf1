/** A scan command as the check-in delivers it (`DiscoveryScan`, docs/discovery-scans.md). */
export interface ScanCommand {
  scan_id: string;
  paths: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The command's payload, or null when it is not one this agent can carry out. */
export function scanCommandOf(cmd: { payload?: unknown }): ScanCommand | null {
  const p = cmd.payload as { scan_id?: unknown; paths?: unknown } | null | undefined;
  if (!p || typeof p.scan_id !== 'string' || !UUID.test(p.scan_id)) return null;
  const paths = Array.isArray(p.paths) ? p.paths : [];
  if (!paths.every((x): x is string => typeof x === 'string')) return null;
  return { scan_id: p.scan_id.toLowerCase(), paths };
}

function within(path: string, parent: string): boolean {
  if (path === parent) return true;
  const base = /[\\/]$/.test(parent) ? parent : `${parent}${parent.includes('\\') ? '\\' : '/'}`;
  return path.startsWith(base);
}

/**
 * What one scan walks: only what the bundle in force monitors. No requested path means every
 * monitored path; a requested path inside a monitored one is walked as asked; a monitored path
 * inside a requested one is walked whole; a requested path outside them all is skipped and
 * reported (a scan never reaches past the monitored scope the policies define).
 */
export function scanRoots(monitored: readonly string[], requested: readonly string[]) {
  if (requested.length === 0) return { roots: [...new Set(monitored)], skipped: [] as string[] };
  const roots = new Set<string>();
  const skipped: string[] = [];
  for (const r of requested) {
    const inner = monitored.filter((m) => within(m, r));
    if (monitored.some((m) => within(r, m))) roots.add(r);
    else if (inner.length > 0) for (const m of inner) roots.add(m);
    else skipped.push(r);
  }
  // A root inside another root would be walked twice.
  const list = [...roots];
  return { roots: list.filter((x) => !list.some((y) => y !== x && within(x, y))), skipped };
}
