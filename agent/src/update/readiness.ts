import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { dirname } from 'node:path';
import { AGENT_PLATFORM, updatableExecutable } from '../version.js';

/**
 * Whether this process may replace its own executable (docs/agent-updates.md): the file is the
 * single executable's real path (through any symlink such as the .deb's /usr/bin/dlp-agent), and
 * its folder must be writable by this user, since the swap renames a new file over it. Windows
 * updates through msiexec, which owns the files. `dlp-agent doctor` shows the same verdict.
 */
export type SelfUpdateReadiness =
  | { ok: true; executable: string; method: 'swap' | 'msiexec' }
  | { ok: false; executable: string | null; reason: string };

export async function selfUpdateReadiness(): Promise<SelfUpdateReadiness> {
  const executable = updatableExecutable();
  if (!executable)
    return { ok: false, executable: null, reason: 'not a packaged build (source tree): no self-update' };
  if (AGENT_PLATFORM.startsWith('win-')) return { ok: true, executable, method: 'msiexec' };
  const folder = dirname(executable);
  const writable = await access(folder, constants.W_OK).then(
    () => true,
    () => false,
  );
  if (!writable)
    return {
      ok: false,
      executable,
      reason: `the folder ${folder} is not writable by this user: the package manager updates this agent`,
    };
  return { ok: true, executable, method: 'swap' };
}
