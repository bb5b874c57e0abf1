import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Activity, at, NOW, startActivity } from './activity-harness.js';

let a: Activity;
beforeEach(async () => {
  a = await startActivity();
});
afterEach(async () => a.close());

const H = 60;
const D = 24 * H;

describe('GET /activity-events timeline (document 2, Activity Explorer)', () => {
  it('defaults to the 24 hours before now in hourly buckets with exact bounds', async () => {
    await a.seed([{ occurred_at: at(-30) }, { occurred_at: at(-30), action: 'block', channel: 'print' }]);
    await a.seed([{ occurred_at: at(-D - 1) }, { occurred_at: NOW }]); // outside the window
    const r = await a.get('');
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.window).toEqual({ from: at(-D), to: NOW });
    expect(body.timeline.bucket).toBe('hour');
    const b = body.timeline.buckets;
    expect(b).toHaveLength(24);
    expect(b[0]).toMatchObject({ start: at(-D), end: at(-D + H) });
    expect(b[23]).toMatchObject({ start: at(-H), end: NOW, total: 2 });
    expect(b[23].by_channel).toMatchObject({ browser_upload: 1, print: 1, clipboard: 0 });
    expect(b[23].by_outcome).toEqual({ blocked: 1, prompted: 0, notified: 0, audited: 1 });
    expect(b.slice(0, 23).every((x: { total: number }) => x.total === 0)).toBe(true);
    expect(body.total).toBe(2);
  });

  it('clips the first and last bucket to the asked bounds', async () => {
    await a.seed([{ occurred_at: at(-30) }, { occurred_at: at(14) }, { occurred_at: at(76) }]);
    const r = await a.get(`?from=${at(-30)}&to=${at(75)}`);
    const b = r.json().timeline.buckets;
    expect(b.map((x: { start: string; end: string; total: number }) => [x.start, x.end, x.total])).toEqual([
      [at(-30), NOW, 1],
      [NOW, at(H), 1],
      [at(H), at(75), 0],
    ]);
  });

  it('uses six-hourly buckets up to 7 days and daily buckets beyond', async () => {
    await a.seed([{ occurred_at: at(-5 * H) }, { occurred_at: at(-7 * H) }, { occurred_at: at(-3 * D) }]);
    const exactlyDay = (await a.get(`?from=${at(-D)}&to=${NOW}`)).json().timeline;
    expect(exactlyDay.bucket).toBe('hour');
    const overDay = (await a.get(`?from=${at(-D - 1)}&to=${NOW}`)).json().timeline;
    expect(overDay.bucket).toBe('six_hours');
    expect(overDay.buckets[0]).toMatchObject({ start: at(-D - 1), end: '2026-01-19T12:00:00.000Z' });
    const week = (await a.get(`?from=${at(-7 * D)}&to=${NOW}`)).json().timeline;
    expect(week.bucket).toBe('six_hours');
    expect(week.buckets).toHaveLength(29); // 13th 09:00-12:00, 27 whole ones, 20th 06:00-09:00
    // 09:00 - 5 h = 04:00 and 09:00 - 7 h = 02:00 fall in 00:00-06:00; 09:00-12:00 is the last, cut at now.
    const today = week.buckets.find((x: { start: string }) => x.start === '2026-01-20T00:00:00.000Z');
    expect(today).toMatchObject({ end: '2026-01-20T06:00:00.000Z', total: 2 });
    expect(week.buckets.at(-1)).toMatchObject({ start: '2026-01-20T06:00:00.000Z', end: NOW });
    const overWeek = (await a.get(`?from=${at(-7 * D - 1)}&to=${NOW}`)).json().timeline;
    expect(overWeek.bucket).toBe('day');
    expect(overWeek.buckets[0]).toMatchObject({ start: at(-7 * D - 1), end: '2026-01-14T00:00:00.000Z' });
    const month = (await a.get(`?from=2026-01-01T00:00:00.000Z&to=${NOW}`)).json().timeline;
    expect(month.buckets).toHaveLength(20);
    expect(
      month.buckets.find((x: { start: string }) => x.start === '2026-01-20T00:00:00.000Z'),
    ).toMatchObject({
      end: NOW,
      total: 2,
    });
    expect(month.buckets.find((x: { start: string }) => x.start === '2026-01-17T00:00:00.000Z').total).toBe(
      1,
    );
  });

  it('follows the injected clock for the default window', async () => {
    a.t.h.ctx.clock.advance(20 * 60_000);
    const res = await a.get('');
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r.window).toEqual({ from: at(-D + 20), to: at(20) });
    expect(r.timeline.buckets).toHaveLength(25);
    expect(r.timeline.buckets[0]).toMatchObject({ start: at(-D + 20), end: at(-D + 60) });
    expect(r.timeline.buckets.at(-1)).toMatchObject({ start: NOW, end: at(20) });
  });
});
