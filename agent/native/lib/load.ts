import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXPECTED_ABI_VERSION, type NativeBinding } from './binding.js';
import { type LoadAttempt, NativeLoadError } from './errors.js';

export const ADDON_FILE = 'custos_native.node';

export interface CandidateInput {
  /** The host's operating system, as the agent's platform switch names it; null when not told. */
  platform: NodeJS.Platform | null;
  arch: string;
  /** Folder holding agent/native's package.json, or null when not found (packaged build). */
  packageRoot: string | null;
  execPath: string;
  /** CUSTOS_NATIVE_ADDON: an explicit path wins over everything else. */
  override?: string | undefined;
}

/**
 * Where the addon may be, in order: an explicit override; beside the executable (the packaged
 * single-executable agent ships it there); the node-gyp build; the mingw cross build for win32-x64 (kept out of build/, which
 * node-gyp rebuild wipes).
 */
export function addonCandidates(input: CandidateInput): string[] {
  const out: string[] = [];
  if (input.override) out.push(input.override);
  out.push(join(dirname(input.execPath), ADDON_FILE));
  if (input.packageRoot) {
    out.push(join(input.packageRoot, 'build', 'Release', ADDON_FILE));
    if (input.platform === 'win32' && input.arch === 'x64') {
      out.push(join(input.packageRoot, 'prebuilds', 'win32-x64', ADDON_FILE));
    }
  }
  return [...new Set(out)];
}

/** agent/native's own folder: from index.ts (source) or dist/index.js (built), walking up. */
export function findPackageRoot(fromUrl: string): string | null {
  let dir: string;
  try {
    dir = dirname(fileURLToPath(fromUrl));
  } catch {
    return null;
  }
  for (let i = 0; i < 4; i++) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@custos/native')
          return dir;
      } catch {
        /* unreadable manifest: keep walking */
      }
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return null;
}

/** Loads the first candidate that exists, opens and has our ABI; otherwise lists every attempt. */
export function loadFrom(candidates: string[]): { binding: NativeBinding; path: string } {
  const tried: LoadAttempt[] = [];
  for (const path of candidates) {
    if (!existsSync(path)) {
      tried.push({ path, error: 'not found' });
      continue;
    }
    const mod: { exports: Partial<NativeBinding> } = { exports: {} };
    try {
      // process.dlopen works inside a single-executable build, where require() of a .node file
      // does not (reference: windows-under-wine.md §4).
      process.dlopen(mod, path);
    } catch (err) {
      tried.push({ path, error: (err as Error).message });
      continue;
    }
    if (mod.exports.abiVersion !== EXPECTED_ABI_VERSION) {
      tried.push({ path, error: `abi ${String(mod.exports.abiVersion)}, expected ${EXPECTED_ABI_VERSION}` });
      continue;
    }
    return { binding: mod.exports as NativeBinding, path };
  }
  throw new NativeLoadError(tried);
}
