/**
 * @custos/native — typed facade over the Node-API addon (binding.gyp builds src/common plus
 * src/linux or src/win). `nativeStatus()` says, per function, whether this build has it and why
 * not; `nativeFunction(name)` hands out a function or throws a coded `native.unavailable` error.
 * Nothing here fakes a capability the host lacks.
 */
import { FUNCTION_PLATFORMS, type NativeBinding, type NativeFunctionName } from './lib/binding.js';
import { NativeLoadError, NativeUnavailableError } from './lib/errors.js';
import { addonCandidates, findPackageRoot, loadFrom } from './lib/load.js';

export * from './lib/binding.js';
export * from './lib/errors.js';
export { ADDON_FILE, addonCandidates, loadFrom } from './lib/load.js';

let loaded: { binding: NativeBinding; path: string } | NativeLoadError | undefined;
/**
 * Where the host's name is kept: on the global object, so that every copy of this module in the
 * process sees it (Node may load the facade twice, e.g. once by the package's self-reference and
 * once through node_modules when it cannot resolve the symlink, as under Wine).
 */
const HOST = Symbol.for('custos.native.host');
type HostHolder = { [HOST]?: NodeJS.Platform };

/**
 * Names the operating system the addon is loaded on. The facade reads no `process.platform` of its
 * own: the agent's one platform switch (`agent/src/platform/index.ts`) tells it before loading a
 * backend. Only the mingw cross build's place depends on it; untold, the override, the place beside
 * the executable and the node-gyp build are still tried. Takes effect for a load not yet made.
 */
export function useNativeHost(platform: NodeJS.Platform): void {
  (globalThis as HostHolder)[HOST] = platform;
}

/** The candidate paths for this process, in the order they are tried. */
export function defaultCandidates(): string[] {
  return addonCandidates({
    platform: (globalThis as HostHolder)[HOST] ?? null,
    arch: process.arch,
    packageRoot: findPackageRoot(import.meta.url),
    execPath: process.execPath,
    override: process.env.CUSTOS_NATIVE_ADDON,
  });
}

function load(): { binding: NativeBinding; path: string } | NativeLoadError {
  if (loaded === undefined) {
    try {
      loaded = loadFrom(defaultCandidates());
    } catch (err) {
      loaded =
        err instanceof NativeLoadError ? err : new NativeLoadError([{ path: '-', error: String(err) }]);
    }
  }
  return loaded;
}

/** The loaded binding; throws NativeLoadError (code native.load_failed) listing every path tried. */
export function loadNative(): NativeBinding {
  const state = load();
  if (state instanceof NativeLoadError) throw state;
  return state.binding;
}

export interface FunctionStatus {
  available: boolean;
  /** Why not, in plain words; null when available. */
  reason: string | null;
}

export interface NativeStatus {
  loaded: boolean;
  path: string | null;
  error: NativeLoadError | null;
  functions: Record<NativeFunctionName, FunctionStatus>;
}

function statusOf(name: NativeFunctionName, state: ReturnType<typeof load>): FunctionStatus {
  if (state instanceof NativeLoadError)
    return { available: false, reason: 'the native addon could not be loaded' };
  if (typeof state.binding[name] === 'function') return { available: true, reason: null };
  const home = FUNCTION_PLATFORMS[name];
  return {
    available: false,
    reason: home === state.binding.platform ? 'missing from this build' : `exists only in the ${home} build`,
  };
}

export function nativeStatus(): NativeStatus {
  const state = load();
  const functions = {} as Record<NativeFunctionName, FunctionStatus>;
  for (const name of Object.keys(FUNCTION_PLATFORMS) as NativeFunctionName[])
    functions[name] = statusOf(name, state);
  return {
    loaded: !(state instanceof NativeLoadError),
    path: state instanceof NativeLoadError ? null : state.path,
    error: state instanceof NativeLoadError ? state : null,
    functions,
  };
}

export function nativeAvailable(name: NativeFunctionName): boolean {
  return statusOf(name, load()).available;
}

/** One addon function, typed; throws NativeUnavailableError when this host or build lacks it. */
export function nativeFunction<K extends NativeFunctionName>(name: K): NonNullable<NativeBinding[K]> {
  const state = load();
  const status = statusOf(name, state);
  if (!status.available || state instanceof NativeLoadError) {
    throw new NativeUnavailableError(name, status.reason ?? 'unavailable');
  }
  return state.binding[name] as NonNullable<NativeBinding[K]>;
}
