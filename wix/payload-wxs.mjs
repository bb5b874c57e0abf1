// Writes a WiX fragment (ComponentGroup "Payload") for every file of the payload directory except
// dlp-agent.exe, which wix/agent.wxs authors itself (the service runs it). Ids come from a hash of
// the relative path, so the same payload gives the same fragment.
// Usage: node wix/payload-wxs.mjs PAYLOAD_DIR OUT_FILE
import { createHash } from 'node:crypto';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const [payloadArg, outArg] = process.argv.slice(2);
if (!payloadArg || !outArg) throw new Error('usage: payload-wxs.mjs PAYLOAD_DIR OUT_FILE');
// Sources stay relative to the current directory: wixl refuses absolute paths.
const root = payloadArg;
const id = (prefix, rel) => `${prefix}${createHash('sha256').update(rel).digest('hex').slice(0, 24)}`;
const xml = (s) => s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
const components = [];

function walk(dir, indent) {
  const lines = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    const rel = relative(root, full).replaceAll('\\', '/');
    if (statSync(full).isDirectory()) {
      lines.push(`${indent}<Directory Id="${id('d', rel)}" Name="${xml(name)}">`);
      lines.push(...walk(full, `${indent}  `));
      lines.push(`${indent}</Directory>`);
    } else if (rel !== 'dlp-agent.exe') {
      const c = id('c', rel);
      components.push(c);
      lines.push(`${indent}<Component Id="${c}" Guid="*" Win64="yes">`);
      lines.push(
        `${indent}  <File Id="${id('f', rel)}" Name="${xml(name)}" Source="${xml(full)}" KeyPath="yes" />`,
      );
      lines.push(`${indent}</Component>`);
    }
  }
  return lines;
}

const tree = walk(root, '      ');
writeFileSync(
  outArg,
  `<?xml version="1.0" encoding="utf-8"?>
<Wix xmlns="http://schemas.microsoft.com/wix/2006/wi">
  <Fragment>
    <DirectoryRef Id="INSTALLDIR">
${tree.join('\n')}
    </DirectoryRef>
    <ComponentGroup Id="Payload">
${components.map((c) => `      <ComponentRef Id="${c}" />`).join('\n')}
    </ComponentGroup>
  </Fragment>
</Wix>
`,
);
console.log(`${components.length} payload files besides dlp-agent.exe`);
