import { nativeAvailable, nativeFunction } from '@custos/native';

/** What was asked of the kernel, for the service log. */
export interface StartPagesRelease {
  advised_bytes: number;
  failures: number;
  error: string | null;
}

/**
 * Gives back the pages of the agent's own executable that start-up touched (madvise
 * MADV_PAGEOUT on its read-only mappings, native `pageOutExecutable`). Meant for the single
 * executable (docs/packaging.md, Figures): a 129 MB file of which an idle agent uses a small part,
 * yet start-up (TLS, SQLite, ICU tables) leaves about 70 MB of it resident. The pages are clean page
 * cache, so nothing is lost; one used again is read back on its next touch. Called once, after the
 * first pass, not on every beat: paging the loop's own code out each minute would only trade memory
 * for disk reads. Null without the addon; never throws.
 */
export function releaseStartPages(): StartPagesRelease | null {
  if (!nativeAvailable('pageOutExecutable')) return null;
  try {
    return nativeFunction('pageOutExecutable')();
  } catch (e) {
    return { advised_bytes: 0, failures: 1, error: (e as Error).message };
  }
}
