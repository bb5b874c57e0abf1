import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lapseRequests, startLapseJob } from '../../src/modules/exception-requests/public.js';
import { type Exc, startExceptions } from './exception-harness.js';

let e: Exc;
beforeEach(async () => {
  e = await startExceptions();
});
afterEach(async () => {
  vi.useRealTimers();
  await e.close();
});

describe('the lapse job schedule', () => {
  it('runs 30 seconds after start, then every five minutes, each pass on the injected clock', async () => {
    const { id } = (await e.raise()).json();
    const passes: Promise<number>[] = [];
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    const stop = startLapseJob(() => passes.push(lapseRequests(e.h.ctx.app.deps, e.h.ctx.clock.now())));
    vi.advanceTimersByTime(29_999);
    expect(passes).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(passes).toHaveLength(1);
    expect(await passes[0]).toBe(0);
    e.h.ctx.clock.advance(48 * 3_600_000);
    vi.advanceTimersByTime(5 * 60_000 - 1);
    expect(passes).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(passes).toHaveLength(2);
    expect(await passes[1]).toBe(1);
    stop();
    vi.advanceTimersByTime(60 * 60_000);
    expect(passes).toHaveLength(2);
    const row = await e.h.ctx.db
      .selectFrom('exception_requests')
      .select('state')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.state).toBe('expired');
  });
});
