import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linuxPlatform } from './helpers/platform.js';
import { tempDir } from './helpers/tmp.js';

function session(dir: string, id: string, fields: Record<string, string>) {
  writeFileSync(
    join(dir, id),
    Object.entries(fields)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n'),
  );
}

describe('interactive user on Linux', () => {
  it('is the one person with an active local session, with no groups (document 1, rule 7)', async () => {
    const dir = tempDir();
    session(dir, '3', { UID: '1000', USER: 'alice', ACTIVE: '1', REMOTE: '0', CLASS: 'user' });
    session(dir, '4', { UID: '1001', USER: 'bob', ACTIVE: '1', REMOTE: '1', CLASS: 'user' });
    session(dir, '5', { UID: '120', USER: 'gdm', ACTIVE: '1', REMOTE: '0', CLASS: 'greeter' });
    const p = await linuxPlatform({ sessionsDir: dir });
    const r = await p.identity.current();
    expect(r.user).toEqual({ name: 'alice', id: '1000', groups: null });
  });

  it('names nobody when two different people are signed in locally', async () => {
    const dir = tempDir();
    session(dir, '3', { UID: '1000', USER: 'alice', ACTIVE: '1', REMOTE: '0', CLASS: 'user' });
    session(dir, '6', { UID: '1002', USER: 'carol', ACTIVE: '1', REMOTE: '0', CLASS: 'user' });
    const p = await linuxPlatform({ sessionsDir: dir });
    expect(await p.identity.current()).toMatchObject({ user: null, reason: 'several_people_signed_in' });
  });
});
