import { posix } from 'node:path';

/**
 * The module-seam checker (docs/architecture.md, "Module seams"). Pure: it takes source files
 * (repository-relative POSIX paths and their text) and returns the violations as sorted lines,
 * one per fact, so a committed baseline can list today's violations exactly.
 *
 * Imports are read from the source text, not through the TypeScript compiler: TypeScript 7
 * ships no stable JavaScript API. The reader drops comments and template-literal text first,
 * then finds `import … from`, `export … from`, side-effect `import '…'`, `import type`,
 * dynamic `import('…')` and `require('…')`, across lines.
 */

export interface SourceFile {
  path: string;
  text: string;
}

export interface Violation {
  /** Stable baseline line: no line numbers, so unrelated edits do not move it. */
  line: string;
  /** How to fix it, for the failure message. */
  hint: string;
}

export const DRIVERS = ['better-sqlite3', 'pg'] as const;

/** Files or folders (ending in `/`) that may import a database driver. */
export const DRIVER_ALLOWED = ['server/src/db/connect.ts', 'agent/src/queue/'] as const;

/** The one file that may read `process.platform`. */
export const PLATFORM_SWITCH = 'agent/src/platform/index.ts';

const MODULES_ROOT = 'server/src/modules/';

/**
 * Code below every module (docs/architecture.md, "Module seams"): infrastructure and the ports.
 * It imports no module; modules, the registry and app.ts import it.
 */
export const BELOW_MODULES = [
  'server/src/db/',
  'server/src/http/',
  'server/src/crypto/',
  'server/src/ports/',
] as const;

/** Replaces comments and template-literal text with spaces; quotes and newlines stay. */
export function stripComments(text: string): string {
  let out = '';
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      while (i < n && text[i] !== '\n') {
        out += ' ';
        i += 1;
      }
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < n && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '`') {
      // Template text is blanked; `${…}` expressions are code and stay.
      out += c;
      let j = i + 1;
      while (j < n && text[j] !== '`') {
        if (text[j] === '\\') {
          out += '  ';
          j += 2;
        } else if (text[j] === '$' && text[j + 1] === '{') {
          let depth = 0;
          const start = j;
          j += 1;
          do {
            if (text[j] === '{') depth += 1;
            if (text[j] === '}') depth -= 1;
            j += 1;
          } while (j < n && depth > 0);
          out += text.slice(start, j);
        } else {
          out += text[j] === '\n' ? '\n' : ' ';
          j += 1;
        }
      }
      out += '`';
      i = j + 1;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

const SPECIFIER_PATTERNS = [
  // import x from '…', import type { a } from '…', export * from '…', export { a } from '…'
  /\b(?:import|export)\b(?:\s+type\b)?[^;'"`()]*?\bfrom\s*(['"])([^'"\n]+)\1/g,
  // import '…'
  /\bimport\s*(['"])([^'"\n]+)\1/g,
  // import('…'), require('…')
  /\b(?:import|require)\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g,
];

/** Every module specifier the file names, in source order of pattern, deduplicated. */
export function readSpecifiers(text: string): string[] {
  const code = stripComments(text);
  const found = new Set<string>();
  for (const pattern of SPECIFIER_PATTERNS) {
    for (const match of code.matchAll(pattern)) found.add(match[2]!);
  }
  return [...found];
}

const PLATFORM_READ =
  /\bprocess\s*(?:\.\s*platform\b|\[\s*(['"])platform\1\s*\])|\{[^{}]*\bplatform\b[^{}]*\}\s*=\s*process\b/g;

/** How often the file reads `process.platform` outside comments. */
export function countPlatformReads(text: string): number {
  return [...stripComments(text).matchAll(PLATFORM_READ)].length;
}

/** Resolves a relative specifier to one of the given files (`.js` → `.ts`, folder → index.ts). */
export function resolveSpecifier(from: string, specifier: string, known: ReadonlySet<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = posix.normalize(posix.join(posix.dirname(from), specifier));
  const stem = base.replace(/\.(?:m|c)?js$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.mts`, `${stem}.tsx`, `${base}/index.ts`];
  return candidates.find((c) => known.has(c)) ?? null;
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** `server/src/modules/<m>/…` → `<m>`; other paths → null. */
export function moduleOf(path: string): string | null {
  if (!path.startsWith(MODULES_ROOT)) return null;
  const rest = path.slice(MODULES_ROOT.length);
  const slash = rest.indexOf('/');
  return slash < 0 ? null : rest.slice(0, slash);
}

function driverAllowed(path: string): boolean {
  return DRIVER_ALLOWED.some((allowed) =>
    allowed.endsWith('/') ? path.startsWith(allowed) : path === allowed,
  );
}

/** Module edges that lie on a cycle, each with one path back as a witness. */
function cycleEdges(edges: ReadonlyMap<string, ReadonlySet<string>>): Violation[] {
  const pathBack = (from: string, to: string): string[] | null => {
    const previous = new Map<string, string>([[from, from]]);
    const queue = [from];
    while (queue.length > 0) {
      const at = queue.shift()!;
      if (at === to) {
        const path = [to];
        while (path[0] !== from) path.unshift(previous.get(path[0]!)!);
        return path;
      }
      for (const next of [...(edges.get(at) ?? [])].sort()) {
        if (!previous.has(next)) {
          previous.set(next, at);
          queue.push(next);
        }
      }
    }
    return null;
  };
  const out: Violation[] = [];
  for (const [a, targets] of edges) {
    for (const b of targets) {
      const back = pathBack(b, a);
      if (back === null) continue;
      out.push({
        line: `cycle ${a} -> ${b}`,
        hint:
          `module ${a} imports ${b}, and ${b} reaches ${a} again (${[a, ...back].join(' -> ')}). ` +
          'Break the cycle: move the shared part to the module that owns it (or to db/ or http/), ' +
          'or pass the dependency in as a port instead of importing it.',
      });
    }
  }
  return out;
}

/** All violations of the five seam rules, sorted by line. */
export function checkImportGraph(files: readonly SourceFile[]): Violation[] {
  const known = new Set(files.map((f) => f.path));
  const byLine = new Map<string, Violation>();
  const add = (v: Violation) => byLine.set(v.line, v);
  const moduleEdges = new Map<string, Set<string>>();

  for (const file of files) {
    const from = moduleOf(file.path);
    for (const specifier of readSpecifiers(file.text)) {
      const pkg = packageName(specifier);
      if ((DRIVERS as readonly string[]).includes(pkg) && !driverAllowed(file.path)) {
        add({
          line: `driver ${file.path} -> ${pkg}`,
          hint:
            `${file.path} imports the database driver ${pkg}. Only ${DRIVER_ALLOWED.join(' and ')} ` +
            'may; take a Kysely<Database> (server) or ask the owning store instead.',
        });
      }
      const target = resolveSpecifier(file.path, specifier, known);
      const to = target === null ? null : moduleOf(target);
      if (to !== null && BELOW_MODULES.some((below) => file.path.startsWith(below))) {
        add({
          line: `below ${file.path} -> ${target}`,
          hint:
            `${file.path} lies below every module (${BELOW_MODULES.join(', ')}) and imports module ${to}. ` +
            'Move the shared part down (to db/, http/, crypto/ or a port type in ports/), or let the module pass it in.',
        });
      }
      if (from === null || to === null || to === from || target === null) continue;
      if (!moduleEdges.has(from)) moduleEdges.set(from, new Set());
      moduleEdges.get(from)!.add(to);
      if (target !== `${MODULES_ROOT}${to}/public.ts`) {
        add({
          line: `deep-import ${file.path} -> ${target}`,
          hint:
            `module ${from} reaches into ${target}. Import it from ${MODULES_ROOT}${to}/public.ts ` +
            `(export it there if module ${to} means to offer it), or move the code to the module that owns it.`,
        });
      }
    }
    const reads = countPlatformReads(file.text);
    if (reads > 0 && file.path !== PLATFORM_SWITCH) {
      add({
        line: `platform ${file.path} x${reads}`,
        hint:
          `${file.path} reads process.platform ${reads} time(s). Only ${PLATFORM_SWITCH} may; ` +
          'put the difference behind the platform interface (agent/src/platform/types.ts) and ask the backend.',
      });
    }
  }
  for (const v of cycleEdges(moduleEdges)) add(v);
  return [...byLine.values()].sort((x, y) => (x.line < y.line ? -1 : x.line > y.line ? 1 : 0));
}

/** Compares violations with the baseline lines: what is new, and what the baseline still claims. */
export function compareWithBaseline(
  violations: readonly Violation[],
  baseline: readonly string[],
): { added: Violation[]; gone: string[] } {
  const current = new Set(violations.map((v) => v.line));
  const listed = new Set(baseline);
  return {
    added: violations.filter((v) => !listed.has(v.line)),
    gone: baseline.filter((line) => !current.has(line)),
  };
}

/** Baseline file text → lines (blank lines and `#` comments dropped). */
export function parseBaseline(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}
