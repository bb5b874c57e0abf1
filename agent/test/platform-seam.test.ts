import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';

const SRC = join(import.meta.dirname, '..', 'src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

// docs/architecture.md, "The agent's platform seam": only the platform switch and the backends
// themselves reach a backend; everything else (identity/ and its device keys, the CLI, the
// service) asks the Platform interface. The process.platform half is server/test/architecture's.
test('no agent file outside platform/ imports a platform backend (linux/, win32/), the addon or koffi', () => {
  const offenders: string[] = [];
  for (const file of sources(SRC)) {
    const path = relative(SRC, file).split('\\').join('/');
    if (path.startsWith('platform/')) continue;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:from\s*|import\s*\(\s*|require\(\s*)['"]([^'"]+)['"]/g)) {
      const target = m[1]!;
      // The OS's own code (the addon, koffi for tpm2-tss and ncrypt, glibc) is the backends' too.
      if (/(^|\/)platform\/(linux|win32)\//.test(target) || target === 'koffi' || target === '@custos/native')
        offenders.push(`${path} -> ${target}`);
    }
  }
  expect(offenders).toEqual([]);
});

// The addon facade is a typed facade only: the binding's types, its coded errors and the loader.
// Rules about what the OS hands over (labels, connection rows, token groups, device classes, the
// Zone.Identifier stream) live with the backends under src/platform/.
test('agent/native/lib holds the binding, its errors and the loader, and no rule', () => {
  const lib = join(import.meta.dirname, '..', 'native', 'lib');
  expect(readdirSync(lib).sort()).toEqual(['binding.ts', 'errors.ts', 'load.ts']);
});
