import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noncesOf } from '../../src/db/side-connections.js';
import { busyRetryAfterSeconds } from '../../src/modules/agent-api/upload-admission.js';
import {
  type AgentHarness,
  checkinBody,
  enrolDevice,
  signed,
  signHeaders,
  startHarness,
  type TestDevice,
} from './agent-harness.js';
import { agentEvent } from './event-factory.js';

/**
 * Bounded ingest concurrency (docs/deploy.md, Ingest admission): with DLP_INGEST_CONCURRENT_UPLOADS
 * uploads in progress, another upload is answered 503 agent.ingest_busy with Retry-After before
 * its body is read and spends nothing, while check-ins are answered as usual; the slot frees when
 * the upload in progress is answered, or when its connection is lost.
 */
const EVENTS = '/api/v1/agent/events';
let h: AgentHarness;
let a: TestDevice;
let b: TestDevice;
let policy: string;
let base: string;

beforeAll(async () => {
  // A request bucket no poll below empties: only the admission bound refuses here.
  h = await startHarness({
    DLP_INGEST_CONCURRENT_UPLOADS: '1',
    DLP_AGENT_RATE_PER_MINUTE: '100000',
    DLP_AGENT_RATE_BURST: '100000',
  });
  a = await enrolDevice(h);
  b = await enrolDevice(h);
  policy = h.port.addPolicy().id;
  base = await h.ctx.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => h?.close());

/**
 * An upload over a real connection whose body is still arriving: it holds its slot until
 * `finish`, or until `abort` drops the connection.
 */
function heldUpload(device: TestDevice) {
  const events = [agentEvent({ policy })];
  const body = Buffer.from(JSON.stringify({ batch_id: randomUUID(), events }));
  const headers = signHeaders(device, 'POST', EVENTS, body, h.ctx.clock.now().getTime());
  const req = httpRequest(`${base}${EVENTS}`, {
    method: 'POST',
    // A connection of its own, as an endpoint has: `abort` drops it.
    agent: false,
    headers: { ...headers, 'content-type': 'application/json', 'content-length': String(body.length) },
  });
  const answer = new Promise<{ status: number; json: () => { acks: { status: string }[] } }>(
    (resolve, reject) => {
      req.on('error', reject);
      req.on('close', () => reject(new Error('connection closed before the answer')));
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            json: () => JSON.parse(Buffer.concat(chunks).toString('utf8')),
          }),
        );
      });
    },
  );
  req.flushHeaders();
  req.write(body.subarray(0, 10));
  return {
    answer,
    finish: () => req.end(body.subarray(10)),
    abort: () => req.destroy(),
  };
}

const upload = (device: TestDevice) =>
  signed(h, device, 'POST', EVENTS, { batch_id: randomUUID(), events: [agentEvent({ policy })] });

/**
 * A held upload that holds the one slot, shown by another upload answered 503. A held upload that
 * arrived while a probe was in progress was itself refused: another is started, with a longer
 * head start.
 */
async function holdSlot() {
  const deadline = Date.now() + 5_000;
  for (let attempt = 1; ; attempt += 1) {
    const held = heldUpload(a);
    // A head start: the held upload's headers reach the server before the first probe does.
    await new Promise((res) => setTimeout(res, 20 * attempt));
    let settled = false;
    held.answer.then(
      () => {
        settled = true;
      },
      () => {
        settled = true;
      },
    );
    for (;;) {
      const r = await upload(b);
      if (r.statusCode !== 200 && r.statusCode !== 503) throw new Error(`upload: ${r.statusCode} ${r.body}`);
      if (r.statusCode === 503) return { held, refused: r };
      if (settled) {
        held.abort();
        break;
      }
      if (Date.now() > deadline) throw new Error('no upload held the slot in 5 s');
      await new Promise((res) => setTimeout(res, 10));
    }
  }
}

async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in 5 s');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('ingest admission', () => {
  it('refuses an upload beyond the bound with 503 and Retry-After, spending nothing; check-ins go on', async () => {
    const nonces = () => noncesOf(h.ctx.db).selectFrom('agent_nonces').select('nonce').execute();
    const refusedCount = async () =>
      (await h.ctx.app.deps.metrics.uploadsRefused.get()).values[0]?.value ?? 0;
    const { held, refused } = await holdSlot();
    // The operations port counts each refusal (docs/deploy.md, Ingest admission).
    const countedBefore = await refusedCount();
    expect(countedBefore).toBeGreaterThanOrEqual(1);
    expect(await h.ctx.app.deps.metrics.registry.metrics()).toContain('svc_ingest_uploads_refused_total');
    expect(refused.json()).toMatchObject({ code: 'agent.ingest_busy', details: [] });
    const after = Number(refused.headers['retry-after']);
    expect(after).toBeGreaterThanOrEqual(5);
    expect(after).toBeLessThanOrEqual(15);
    // The refusal read no body and spent nothing: no nonce kept, no event stored.
    const stored = () => h.ctx.db.selectFrom('agent_events').select('id').execute();
    const noncesBefore = (await nonces()).length;
    const storedBefore = (await stored()).length;
    expect((await upload(b)).statusCode).toBe(503);
    expect(await refusedCount()).toBe(countedBefore + 1);
    expect((await nonces()).length).toBe(noncesBefore);
    expect((await stored()).length).toBe(storedBefore);
    // A check-in is not an upload: answered while the upload holds the slot.
    expect((await signed(h, b, 'POST', '/api/v1/agent/checkin', checkinBody())).statusCode).toBe(200);

    held.finish();
    const first = await held.answer;
    expect(first.status).toBe(200);
    expect(first.json().acks[0]?.status).toBe('Accepted');
    // The slot is free again once the held upload is answered.
    const next = await upload(b);
    expect(next.statusCode).toBe(200);
    expect(next.json().acks[0].status).toBe('Accepted');
  });

  it('frees the slot when an upload in progress loses its connection', async () => {
    const { held } = await holdSlot();
    held.answer.catch(() => undefined);
    held.abort();
    await until(async () => (await upload(b)).statusCode === 200);
  });

  it('spreads Retry-After over 5 to 15 s', () => {
    expect(busyRetryAfterSeconds(() => 0)).toBe(5);
    expect(busyRetryAfterSeconds(() => 0.999)).toBe(15);
  });
});
