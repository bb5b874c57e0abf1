import { chmod, chown, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { MACHINE_POLICY_NAMES, type MachinePolicySource, type MachinePolicyValues } from '../types.js';

/**
 * Linux machine policy: a root-owned JSON object whose keys are document 2's registry value names
 * (`{"ServerUrl": "https://…", "EnrollmentToken": "…"}`). Unknown keys are refused so a typo is not
 * silently ignored; a missing file means no machine policy.
 */
export function createJsonPolicySource(path: string): MachinePolicySource {
  return {
    location: path,
    clearEnrollmentToken: () => clearEnrollmentToken(path),
    async read(): Promise<MachinePolicyValues> {
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
        throw new Error(`machine policy ${path} cannot be read: ${(err as NodeJS.ErrnoException).code}`);
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new Error(`machine policy ${path} is not valid JSON`);
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        throw new Error(`machine policy ${path} must hold a JSON object`);
      }
      const out: MachinePolicyValues = {};
      for (const [key, value] of Object.entries(parsed)) {
        if (!(MACHINE_POLICY_NAMES as readonly string[]).includes(key)) {
          throw new Error(`machine policy ${path}: unknown value name ${key}`);
        }
        if (typeof value !== 'string' && typeof value !== 'number') {
          throw new Error(`machine policy ${path}: ${key} must be a string or a number`);
        }
        out[key as keyof MachinePolicyValues] = value;
      }
      return out;
    },
  };
}

/**
 * `dlp-agent uninstall`: the enrolment token leaves machine policy, so nothing re-enrols the
 * machine. The rest of the file stays (the administrator's); mode and owner are kept. Answers what
 * happened: removed, none (no file or no token) or not_writable (not run as root).
 */
export async function clearEnrollmentToken(path: string): Promise<'removed' | 'none' | 'not_writable'> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'none';
    if (code === 'EACCES' || code === 'EPERM') return 'not_writable';
    throw err;
  }
  const values = JSON.parse(text) as Record<string, unknown>;
  if (!('EnrollmentToken' in values)) return 'none';
  delete values.EnrollmentToken;
  const st = await stat(path);
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(tmp, `${JSON.stringify(values, null, 2)}\n`, { mode: st.mode & 0o777 });
    await chmod(tmp, st.mode & 0o777);
    await chown(tmp, st.uid, st.gid).catch(() => undefined);
    await rename(tmp, path);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM') return 'not_writable';
    throw err;
  }
  return 'removed';
}
