import { readFile } from 'node:fs/promises';
import { MACHINE_POLICY_NAMES, type MachinePolicySource, type MachinePolicyValues } from '../types.js';

/**
 * Linux machine policy: a root-owned JSON object whose keys are document 2's registry value names
 * (`{"ServerUrl": "https://…", "EnrollmentToken": "…"}`). Unknown keys are refused so a typo is not
 * silently ignored; a missing file means no machine policy.
 */
export function createJsonPolicySource(path: string): MachinePolicySource {
  return {
    location: path,
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
