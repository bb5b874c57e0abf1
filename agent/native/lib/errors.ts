/**
 * The coded errors the addon throws (src/common/coded-error.cc builds them; src/linux/errno-error.cc
 * and src/win/win-error.cc choose the code). docs/native.md lists the same catalogue; a test keeps
 * the two in step.
 */
export const NATIVE_ERROR_CODES = [
  'native.not_found',
  'native.access_denied',
  'native.not_supported',
  'native.no_data',
  'native.exists',
  'native.too_large',
  'native.no_space',
  'native.invalid_argument',
  'native.out_of_memory',
  'native.busy',
  'native.no_session',
  'native.not_a_service',
  'native.timeout',
  'native.wfp_error',
  'native.os_error',
  'native.internal',
  'native.bad_argument',
  'native.unavailable',
  'native.load_failed',
] as const;
export type NativeErrorCode = (typeof NATIVE_ERROR_CODES)[number];

export interface NativeErrorDetail {
  field: string;
  message: string;
}

/** What every addon failure carries: `code` from the catalogue, and the raw OS number. */
export interface NativeError extends Error {
  code: NativeErrorCode;
  syscall?: string;
  osCode?: number;
  osCodeKind?: 'errno' | 'win32' | 'hresult' | 'none';
  details: NativeErrorDetail[];
}

export function isNativeError(err: unknown): err is NativeError {
  if (!(err instanceof Error)) return false;
  const code = (err as Error & { code?: unknown }).code;
  return typeof code === 'string' && (NATIVE_ERROR_CODES as readonly string[]).includes(code);
}

/** A function this build or this platform does not have, or an addon that failed to load. */
export class NativeUnavailableError extends Error implements NativeError {
  readonly code = 'native.unavailable' as const;
  readonly details: NativeErrorDetail[];
  constructor(fn: string, reason: string) {
    super(`native function ${fn} is unavailable: ${reason}`);
    this.name = 'NativeUnavailableError';
    this.details = [{ field: fn, message: reason }];
  }
}

export interface LoadAttempt {
  path: string;
  error: string;
}

/** The addon could not be loaded from any candidate path; the message names every one tried. */
export class NativeLoadError extends Error implements NativeError {
  readonly code = 'native.load_failed' as const;
  readonly details: NativeErrorDetail[];
  constructor(readonly tried: LoadAttempt[]) {
    super(
      `custos native addon could not be loaded; tried ${tried.length} path(s): ${tried
        .map((t) => `${t.path} (${t.error})`)
        .join('; ')}`,
    );
    this.name = 'NativeLoadError';
    this.details = tried.map((t) => ({ field: t.path, message: t.error }));
  }
}
