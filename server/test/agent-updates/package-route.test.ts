import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadServerKeys } from '../../src/crypto/server-keys.js';
import { AuditWriter } from '../../src/http/audit.js';
import { registerRelease } from '../../src/modules/agent-updates/public.js';
import {
  type AgentHarness,
  checkinBody,
  enrolDevice,
  signed,
  startIngestApp,
} from '../agents/agent-harness.js';
import { signInAs } from '../helpers/index.js';

let h: AgentHarness;
const BYTES = Buffer.from('the 1.4.0 build, byte for byte');

beforeEach(async () => {
  h = await startIngestApp();
  for (const name of ['ring-1', 'ring-2']) {
    const res = await h.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/agent-groups',
      headers: h.owner.headers,
      payload: { name },
    });
    expect(res.statusCode).toBe(201);
  }
  const file = join(h.ctx.dataDir, 'pkg');
  await writeFile(file, BYTES);
  await registerRelease(
    {
      db: h.ctx.db,
      audit: new AuditWriter(h.ctx.db, h.ctx.clock),
      clock: h.ctx.clock,
      masterKey: loadServerKeys(h.ctx.config).master,
      dataDir: h.ctx.dataDir,
    },
    { file, version: '1.4.0', platform: 'linux-x64' },
  );
  const set = await h.ctx.app.inject({
    method: 'POST',
    url: '/api/v1/agents/update-manifest',
    headers: h.owner.headers,
    payload: { rollout: [{ agent_group: 'ring-1', version: '1.4.0' }] },
  });
  expect(set.statusCode).toBe(200);
});
afterEach(async () => h.close());

const caps = (version: string) => ({
  ...checkinBody().capabilities,
  agent_version: version,
  agent_platform: 'linux-x64',
});

describe('check-in agent_update and the signed package route', () => {
  it('offers the release to its ring at check-in, and streams exactly the signed bytes', async () => {
    const inRing = await enrolDevice(h, 'ed25519', { agent_group: 'ring-1' });
    const other = await enrolDevice(h, 'ed25519', { agent_group: 'ring-2' });
    const offerOf = async (d: typeof inRing, version: string) =>
      (
        await signed(h, d, 'POST', '/api/v1/agent/checkin', checkinBody({ capabilities: caps(version) }))
      ).json().agent_update;
    const offer = await offerOf(inRing, '0.1.0');
    expect(offer).toMatchObject({ version: '1.4.0', platform: 'linux-x64', size_bytes: BYTES.length });
    expect(await offerOf(other, '0.1.0')).toBeNull();
    expect(await offerOf(inRing, '1.4.0')).toBeNull();

    const got = await signed(h, inRing, 'GET', offer.download_path);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(BYTES)).toBe(true);
    expect(got.headers['content-type']).toBe('application/octet-stream');
    expect(got.headers['x-dlp-package-sha256']).toBe(offer.sha256);
    // Unsigned: refused.
    expect((await h.ctx.app.inject({ method: 'GET', url: offer.download_path })).statusCode).toBe(401);
    // A missing release and another tenant's answer the same 404.
    const missing = await signed(h, inRing, 'GET', `/api/v1/agent/update-packages/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    const stranger = await signInAs(h.ctx, { role: 'owner' });
    const h2: AgentHarness = { ...h, owner: stranger };
    const foreign = await enrolDevice(h2);
    const theirs = await signed(h, foreign, 'GET', offer.download_path);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
  });
});
