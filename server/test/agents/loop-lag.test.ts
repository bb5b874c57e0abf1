import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { LoopLag } from '../../src/modules/agent-api/loop-lag.js';
import { UploadAdmission } from '../../src/modules/agent-api/upload-admission.js';

/** A delay histogram the test sets (nanoseconds, as `monitorEventLoopDelay` reports). */
function fakeHistogram() {
  return {
    max: 0,
    resets: 0,
    enabled: false,
    reset() {
      this.max = 0;
      this.resets += 1;
    },
    enable() {
      this.enabled = true;
      return true;
    },
    disable() {
      this.enabled = false;
      return true;
    },
  };
}

const ms = (n: number) => n * 1e6;

describe('late event loop (DLP_INGEST_LATE_LOOP_MS)', () => {
  it('is late for the window after one whose longest delay, less the 10 ms step, passed the limit', () => {
    const h = fakeHistogram();
    const lag = new LoopLag(100, 60_000, h);
    expect(h.enabled).toBe(true);
    expect(lag.isLate).toBe(false);
    h.max = ms(110);
    lag.endWindow();
    expect(lag.isLate).toBe(false);
    h.max = ms(111);
    lag.endWindow();
    expect(lag.isLate).toBe(true);
    expect(h.resets).toBe(2);
    lag.endWindow();
    expect(lag.isLate).toBe(false);
    lag.stop();
    expect(h.enabled).toBe(false);
  });

  it('refuses a new upload while late even with a free slot, and counts it; admits again after', async () => {
    let late = true;
    let refused = 0;
    const admission = new UploadAdmission(
      2,
      () => 7,
      () => {
        refused += 1;
      },
      () => late,
    );
    const closes: (() => void)[] = [];
    const reply = { raw: { once: (_e: string, f: () => void) => closes.push(f) } } as unknown as FastifyReply;
    const request = {} as FastifyRequest;
    await expect(admission.admit(request, reply)).rejects.toMatchObject({
      code: 'agent.ingest_busy',
      headers: { 'retry-after': '7' },
    });
    expect(refused).toBe(1);
    expect(admission.inProgress).toBe(0);
    late = false;
    await admission.admit(request, reply);
    expect(admission.inProgress).toBe(1);
    for (const close of closes) close();
    expect(admission.inProgress).toBe(0);
  });
});
