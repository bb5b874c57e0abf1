import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSources } from './source-files.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const REPO = join(HERE, '..', '..', '..');
const MAKERS = ['resolveServerTls', 'ensureLocalTls'];

/** The argument text of each call of `name` in `text` (balanced parentheses). */
function callArguments(text: string, name: string): string[] {
  const found: string[] = [];
  for (let at = text.indexOf(`${name}(`); at >= 0; at = text.indexOf(`${name}(`, at + 1)) {
    const open = at + name.length;
    let depth = 0;
    for (let i = open; i < text.length; i++) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')' && --depth === 0) {
        found.push(text.slice(open + 1, i));
        break;
      }
    }
  }
  return found;
}

/**
 * Test files that make TLS material for a real listener on an injected clock. OpenSSL checks a
 * certificate's dates against the machine's clock, so a certificate made at a test clock's fixed
 * date (2026-01-15, 397 days) stops verifying on a calendar day (docs/testing.md, "Tests and the
 * wall clock").
 */
export function tlsOnTestClock(files: { path: string; text: string }[]): string[] {
  return files.flatMap((f) =>
    MAKERS.flatMap((name) =>
      callArguments(f.text, name)
        .filter((args) => /clock/i.test(args))
        .map((args) => `${f.path}: ${name}(${args.replace(/\s+/g, ' ')})`),
    ),
  );
}

describe('TLS material for a real handshake is made on the machine clock (docs/testing.md)', () => {
  it('no test makes a listener certificate on an injected clock', () => {
    const files = loadSources(REPO, ['server/test', 'agent/test', 'console/test'], '.ts').filter(
      (f) => f.path !== 'server/test/architecture/tls-clock.test.ts',
    );
    expect(tlsOnTestClock(files).join('\n'), 'use new Date(): OpenSSL judges on real time').toBe('');
  });

  it('reports a call whose time is a test clock, across lines; the machine clock stays quiet', () => {
    const files = [
      { path: 'a.test.ts', text: 'const t = await resolveServerTls(h.ctx.config, h.ctx.clock.now());' },
      { path: 'b.test.ts', text: 'await ensureLocalTls(\n  dir,\n  names(["x"]),\n  ctx.clock.now(),\n);' },
      {
        path: 'c.test.ts',
        text: 'await ensureLocalTls(dir, [], new Date()); resolveServerTls(c, new Date())',
      },
    ];
    expect(tlsOnTestClock(files)).toEqual([
      'a.test.ts: resolveServerTls(h.ctx.config, h.ctx.clock.now())',
      'b.test.ts: ensureLocalTls( dir, names(["x"]), ctx.clock.now(), )',
    ]);
  });
});
