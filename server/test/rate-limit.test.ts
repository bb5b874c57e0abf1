import { describe, expect, it } from 'vitest';
import { rateLimited, TokenBuckets } from '../src/http/rate-limit.js';
import { createTestApp, testClock } from './helpers/index.js';

describe('TokenBuckets', () => {
  it('allows the burst, then refills at the rate', () => {
    const clock = testClock();
    const buckets = new TokenBuckets({ ratePerMinute: 60, burst: 3, clock });
    expect([1, 2, 3].map(() => buckets.take('d1').ok)).toEqual([true, true, true]);
    expect(buckets.take('d1')).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(buckets.take('d2').ok).toBe(true);
    clock.advance(1000);
    expect(buckets.take('d1').ok).toBe(true);
    expect(buckets.take('d1').ok).toBe(false);
  });

  it('rounds Retry-After up to whole seconds and never answers 0', () => {
    const clock = testClock();
    const buckets = new TokenBuckets({ ratePerMinute: 1, burst: 1, clock });
    expect(buckets.take('k').ok).toBe(true);
    expect(buckets.take('k')).toEqual({ ok: false, retryAfterSeconds: 60 });
    clock.advance(59_500);
    expect(buckets.take('k')).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it('refuses a zero rate or burst', () => {
    expect(() => new TokenBuckets({ ratePerMinute: 0, burst: 1, clock: testClock() })).toThrow(TypeError);
  });
});

describe('rateLimited', () => {
  it('answers 429 request.rate_limited with Retry-After', async () => {
    const ctx = await createTestApp({
      extraModules: [
        async (app) => {
          app.get('/limited', { config: { auth: 'none' } }, async () => {
            throw rateLimited(7);
          });
        },
      ],
    });
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/limited' });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('7');
      expect(res.json()).toMatchObject({ code: 'request.rate_limited', details: [] });
    } finally {
      await ctx.close();
    }
  });
});
