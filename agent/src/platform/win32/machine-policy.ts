import { isNativeError, nativeFunction } from '@custos/native';
import { MACHINE_POLICY_NAMES, type MachinePolicySource, type MachinePolicyValues } from '../types.js';

/**
 * The machine policy key Group Policy or the MSI writes (document 2's value names, kept exactly).
 * The spec names the values, not the key; this one follows the Windows convention for policy
 * (docs/native.md). Machine policy wins over the local file.
 */
export const POLICY_KEY = 'SOFTWARE\\Policies\\Custos\\Agent';

export function createRegistryPolicySource(subKey = POLICY_KEY): MachinePolicySource {
  return {
    location: `HKLM\\${subKey}`,
    // The policy key is the administrator's (Group Policy writes it back at its next refresh):
    // `dlp-agent uninstall` leaves it alone, as it always did on Windows.
    clearEnrollmentToken: async () => 'none',
    async read(): Promise<MachinePolicyValues> {
      const get = nativeFunction('registryGetValue');
      const out: MachinePolicyValues = {};
      for (const name of MACHINE_POLICY_NAMES) {
        let value: ReturnType<typeof get>;
        try {
          value = get('HKLM', subKey, name);
        } catch (err) {
          const code = isNativeError(err) ? err.code : 'native.os_error';
          throw new Error(`machine policy HKLM\\${subKey}\\${name} cannot be read: ${code}`);
        }
        if (value === null) continue;
        if (value.type === 'string' || value.type === 'expand_string') out[name] = value.value as string;
        else if (value.type === 'dword' || value.type === 'qword') out[name] = value.value as number;
        else throw new Error(`machine policy HKLM\\${subKey}\\${name} has unsupported type ${value.type}`);
      }
      return out;
    },
  };
}
