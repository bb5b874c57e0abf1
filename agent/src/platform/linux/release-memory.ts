import { createRequire } from 'node:module';

type Trim = (pad: number) => number;

let trim: Trim | null | undefined;

function load(): Trim | null {
  try {
    // koffi (already the agent's FFI for tpm2-tss) is loaded only here, on the first release.
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
    return koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as Trim;
  } catch {
    // Not glibc (musl has no malloc_trim) or no koffi binary for this machine: nothing to release.
    return null;
  }
}

/**
 * Hands memory that the C allocator holds free back to the kernel (glibc `malloc_trim(0)`, which also
 * returns whole free pages inside every arena, not only the top of the main heap).
 *
 * Why: V8 compiles undici's WebAssembly HTTP parser with TurboFan on a worker thread after the first
 * few responses, and that one compilation allocates ~36 MB of zone memory. It is freed at once, but
 * glibc keeps the pages in that thread's arena whenever a later allocation sits above them: measured
 * on the idle service as 7–10 MB of resident memory kept in about half of the runs, which alone
 * decides whether it stays under issue 7's 80 MB. A call takes under a millisecond.
 *
 * Returns whether anything could be asked (false off glibc); never throws. The Linux backend's
 * `platform.releaseFreedMemory`; Windows has no such call.
 */
export function releaseFreedMemory(): boolean {
  if (trim === undefined) trim = load();
  if (!trim) return false;
  try {
    trim(0);
    return true;
  } catch {
    return false;
  }
}
