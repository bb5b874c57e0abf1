/**
 * Reading and writing a spec by the field paths packages use (`scope.user_ids[0]`,
 * `condition.nodes[1].detector_id`): dotted names and `[n]` indexes, nothing else.
 */

type Step = string | number;

export function parsePath(path: string): Step[] | null {
  const steps: Step[] = [];
  for (const part of path.split('.')) {
    const m = /^([a-z_]+)((?:\[\d{1,4}\])*)$/.exec(part);
    if (!m) return null;
    steps.push(m[1]!);
    for (const idx of m[2]!.matchAll(/\[(\d+)\]/g)) steps.push(Number(idx[1]));
  }
  return steps;
}

function container(root: unknown, steps: Step[]): Record<string | number, unknown> | null {
  let at: unknown = root;
  for (const s of steps.slice(0, -1)) {
    if (at === null || typeof at !== 'object') return null;
    at = (at as Record<string | number, unknown>)[s];
  }
  return at !== null && typeof at === 'object' ? (at as Record<string | number, unknown>) : null;
}

export function readPath(root: unknown, path: string): unknown {
  const steps = parsePath(path);
  if (!steps) return undefined;
  const c = container(root, steps);
  return c ? c[steps.at(-1)!] : undefined;
}

/** Sets the value at an existing path; false when the path does not lead to a field. */
export function writePath(root: unknown, path: string, value: unknown): boolean {
  const steps = parsePath(path);
  if (!steps) return false;
  const c = container(root, steps);
  const last = steps.at(-1)!;
  if (!c || !(last in c)) return false;
  c[last] = value;
  return true;
}
