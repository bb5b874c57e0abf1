import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createWin32Capabilities } from '../../src/platform/win32/capabilities.js';
import { WIN32_CAPABILITY_BACKING } from '../../src/platform/win32/capability-backing.js';

const SRC = join(import.meta.dirname, '..', '..', 'src');

/** Every claim the report makes: `<channel>.observe`, `<channel>.block`, `scope:<attribute>`. */
function claims(inForce: number): string[] {
  const caps = createWin32Capabilities({
    connectionFilters: () => ({ wanted: 1, in_force: inForce, reason: inForce ? null : 'engine closed' }),
  });
  const out: string[] = [];
  for (const [channel, c] of Object.entries(caps.channels())) {
    if (c.observe) out.push(`${channel}.observe`);
    if (c.block) out.push(`${channel}.block`);
    if (c.notify) out.push(`${channel}.notify`);
  }
  return [...out, ...caps.scopeAttributes().map((a) => `scope:${a}`)];
}

// Issue 19: a capability the Windows backend claims must have a code path the service runs.
describe('Windows capability report: every claim is backed by the service', () => {
  it('each claim (filters in force: the most the report can say) has a chain rooted in service.ts', () => {
    const all = claims(1);
    expect(all).toContain('network_connection.block');
    expect(all).toContain('scope:user_groups');
    for (const claim of all) {
      const chain = WIN32_CAPABILITY_BACKING[claim];
      expect(chain, `no backing chain for ${claim}`).toBeDefined();
      expect(chain![0]!.file, `${claim} must start in the running service`).toBe('service.ts');
    }
  });

  it('every link of every chain is present in the code', () => {
    for (const [claim, chain] of Object.entries(WIN32_CAPABILITY_BACKING)) {
      for (const link of chain) {
        const text = readFileSync(join(SRC, link.file), 'utf8');
        expect(text.includes(link.contains), `${claim}: ${link.file} lacks ${link.contains}`).toBe(true);
      }
    }
  });

  it('claims block on network_connection only while filters are in force, and says why not', () => {
    expect(claims(0)).not.toContain('network_connection.block');
    expect(claims(0)).not.toContain('network_connection.observe');
    const none = createWin32Capabilities({
      connectionFilters: () => ({ wanted: 0, in_force: 0, reason: null }),
    });
    expect(none.channels().network_connection).toMatchObject({
      block: false,
      reason: 'no connection policy in force: no filter installed',
    });
    const wine = createWin32Capabilities({
      connectionFilters: () => ({
        wanted: 1,
        in_force: 0,
        reason: 'connection filters not replaced: Operation not supported. (native.not_supported)',
      }),
    });
    expect(wine.channels().network_connection).toEqual({
      observe: false,
      block: false,
      notify: false,
      reason:
        'no connection filter in force: connection filters not replaced: Operation not supported. (native.not_supported)',
    });
  });
});
