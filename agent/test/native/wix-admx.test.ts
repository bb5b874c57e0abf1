import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INT_SETTINGS } from '../../src/config.js';
import { MACHINE_POLICY_NAMES } from '../../src/platform/types.js';
import { policyTemplateFiles } from '../../src/platform/win32/admx.js';
import { ADML_LANGUAGES } from '../../src/platform/win32/admx-text.js';
import { POLICY_KEY } from '../../src/platform/win32/machine-policy.js';

const POLICY_DIR = join(import.meta.dirname, '..', '..', '..', 'wix', 'policy');
const read = (path: string) => readFileSync(join(POLICY_DIR, path), 'utf8');

// Issue 19: the Group Policy template has every machine policy value of document 2, with the ranges
// the agent itself enforces (config.ts is the one source of truth), in English and the tenant
// notice languages, writing the key the agent reads.
describe('Group Policy template (wix/policy)', () => {
  it('the committed files are exactly what the generator makes (npm run wix:admx)', () => {
    for (const [path, text] of Object.entries(policyTemplateFiles())) expect(read(path), path).toBe(text);
  });

  it('every machine policy value is a Machine policy on the key the agent reads', () => {
    const admx = read('custos-agent.admx');
    const policies = [...admx.matchAll(/<policy name="([^"]+)" class="Machine"[^>]* key="([^"]+)">/g)];
    expect(policies.map((m) => m[1])).toEqual([...MACHINE_POLICY_NAMES]);
    for (const m of policies) expect(m[2]).toBe(POLICY_KEY);
  });

  it('numeric ranges equal the agent validation, read back from the ADMX', () => {
    const admx = read('custos-agent.admx');
    const decimals = new Map(
      [
        ...admx.matchAll(
          /<decimal id="(\w+)" valueName="\w+" required="true" minValue="(\d+)" maxValue="(\d+)" \/>/g,
        ),
      ].map((m) => [m[1], { min: Number(m[2]), max: Number(m[3]) }]),
    );
    const numeric = INT_SETTINGS.filter((s) => (MACHINE_POLICY_NAMES as readonly string[]).includes(s.name));
    expect([...decimals.keys()].sort()).toEqual(numeric.map((s) => s.name).sort());
    for (const s of numeric) expect(decimals.get(s.name), s.name).toEqual({ min: s.min, max: s.max });
    // REG_DWORD holds every bound.
    for (const s of numeric) expect(s.max).toBeLessThanOrEqual(0xffffffff);
  });

  it('each language file defines every string and presentation the ADMX names, defaults from the agent', () => {
    const admx = read('custos-agent.admx');
    const strings = new Set([...admx.matchAll(/\$\(string\.(\w+)\)/g)].map((m) => m[1]));
    const presentations = new Set([...admx.matchAll(/\$\(presentation\.(\w+)\)/g)].map((m) => m[1]));
    expect(ADML_LANGUAGES.map((l) => l.folder)).toEqual(['en-US', 'tr-TR', 'ru-RU', 'az-Latn-AZ']);
    for (const lang of ADML_LANGUAGES) {
      const adml = read(`${lang.folder}/custos-agent.adml`);
      for (const id of strings) expect(adml, `${lang.folder} ${id}`).toContain(`<string id="${id}">`);
      for (const id of presentations)
        expect(adml, `${lang.folder} ${id}`).toContain(`<presentation id="${id}">`);
      const check = INT_SETTINGS.find((s) => s.name === 'CheckinIntervalSecs')!;
      expect(adml).toContain(`<decimalTextBox refId="CheckinIntervalSecs" defaultValue="${check.def}">`);
      expect(adml).toContain(String(check.max));
    }
  });
});
