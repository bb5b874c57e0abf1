/** The injected clock (DESIGN.md, Conventions: tests control time). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** ISO-8601 UTC with milliseconds: the stored and wire form of every timestamp. */
export function iso(date: Date): string {
  return date.toISOString();
}
