// npm run wix:admx: writes the Group Policy template (wix/policy/) from the agent's own validation
// (agent/src/config.ts) through agent/src/platform/win32/admx.ts. Needs `npx tsc -b` first.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { policyTemplateFiles } from '../agent/dist/platform/win32/admx.js';

const out = join(import.meta.dirname, 'policy');
for (const [path, text] of Object.entries(policyTemplateFiles())) {
  mkdirSync(dirname(join(out, path)), { recursive: true });
  writeFileSync(join(out, path), text);
  console.log(`wix/policy/${path}`);
}
