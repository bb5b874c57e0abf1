import fc from 'fast-check';
import { expect, it } from 'vitest';

it("every property runs from the suite's fixed seed: the same inputs in every run", () => {
  expect(fc.readConfigureGlobal().seed).toEqual(expect.any(Number));
  const drawn = () => fc.sample(fc.string(), 20);
  expect(drawn()).toEqual(drawn());
  const seen: number[][] = [[], []];
  for (const run of seen) fc.assert(fc.property(fc.integer(), (n) => void run.push(n)));
  expect(seen[0]).toEqual(seen[1]);
});
