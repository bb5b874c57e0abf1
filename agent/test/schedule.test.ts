import { getEventListeners } from 'node:events';
import { expect, test } from 'vitest';
import { repeat, sleep, Wake } from '../src/schedule.js';

test('a finished sleep leaves no abort listener behind on the service signal', async () => {
  const ac = new AbortController();
  for (let i = 0; i < 50; i++) await sleep(0, ac.signal);
  expect(getEventListeners(ac.signal, 'abort')).toHaveLength(0);
});

test('a repeating loop keeps one abort listener at most, however many rounds it runs', async () => {
  const ac = new AbortController();
  let rounds = 0;
  let most = 0;
  const loop = repeat(
    ac.signal,
    () => 0,
    async () => {
      rounds++;
      most = Math.max(most, getEventListeners(ac.signal, 'abort').length);
      if (rounds === 40) ac.abort();
    },
    () => {},
  );
  await loop;
  expect(rounds).toBe(40);
  expect(most).toBeLessThanOrEqual(1);
  expect(getEventListeners(ac.signal, 'abort')).toHaveLength(0);
});

test('an abort wakes a long sleep at once', async () => {
  const ac = new AbortController();
  const slept = sleep(3_600_000, ac.signal);
  ac.abort();
  await slept;
  expect(getEventListeners(ac.signal, 'abort')).toHaveLength(0);
});

test('a wake ends a long sleep at once and leaves nothing waiting', async () => {
  const ac = new AbortController();
  const wake = new Wake();
  const slept = sleep(3_600_000, ac.signal, wake);
  wake.now();
  await slept;
  expect(getEventListeners(ac.signal, 'abort')).toHaveLength(0);
});

test('wakes asked for while the loop runs give one more run at once, not one each', async () => {
  const ac = new AbortController();
  const wake = new Wake();
  let rounds = 0;
  const loop = repeat(
    ac.signal,
    () => 3_600_000,
    async () => {
      rounds++;
      if (rounds === 1) {
        wake.now();
        wake.now();
      }
    },
    () => {},
    0,
    wake,
  );
  await new Promise((r) => setTimeout(r, 50));
  expect(rounds).toBe(2);
  wake.now();
  await new Promise((r) => setTimeout(r, 50));
  expect(rounds).toBe(3);
  ac.abort();
  await loop;
});
