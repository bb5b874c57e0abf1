/**
 * The servers' own view of check-in latency, read from each instance's operations port
 * (`/metrics`, `http_request_duration_seconds`: from the request's arrival in the server to its
 * answer). Beside the simulator's request-to-answer figure it tells a slow server from a
 * starved simulator or a queue in front of the server (docs/deploy.md, Sizing).
 */
export interface ServerLatency {
  /** Check-ins the servers answered 200. */
  count: number;
  /** The same, by instance (behind the balancer each instance answers its share). */
  byInstance: number[];
  /** Share answered within 100 ms, in per cent. */
  within100MsPercent: number;
  /** The histogram bucket bound (ms) under which 99 % of check-ins were answered. */
  p99BucketMs: number;
  /**
   * Each instance's event-loop delay since the run's start (prom-client's
   * `nodejs_eventloop_lag_*_seconds`, from `monitorEventLoopDelay`, reset by every scrape): how
   * long a request that arrived could wait before the instance's one thread got to it.
   */
  eventLoop: EventLoopDelay[];
}

/** Event-loop delay in milliseconds (p50, p99 and the longest), as one instance measured it. */
export interface EventLoopDelay {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const CHECKIN = 'route="/api/v1/agent/checkin"';

/** The operations port's address from a `dlp-server start` banner. */
export function opsUrlOf(stdout: string): string | null {
  return /Operations:\s+(\S+)/.exec(stdout)?.[1] ?? null;
}

async function scrape(opsUrl: string): Promise<string> {
  return (await fetch(`${opsUrl}/metrics`)).text();
}

/**
 * Scrapes every instance once, so the event-loop figures read at the end cover the run only
 * (prom-client resets its delay histogram at each scrape).
 */
export async function startServerFigures(opsUrls: string[]): Promise<void> {
  await Promise.all(opsUrls.map(scrape));
}

function gaugeMs(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  const v = line === undefined ? Number.NaN : Number(line.slice(line.lastIndexOf(' ') + 1));
  return Number.isFinite(v) ? Math.round(v * 10_000) / 10 : 0;
}

function eventLoopOf(text: string): EventLoopDelay {
  return {
    p50Ms: gaugeMs(text, 'nodejs_eventloop_lag_p50_seconds'),
    p99Ms: gaugeMs(text, 'nodejs_eventloop_lag_p99_seconds'),
    maxMs: gaugeMs(text, 'nodejs_eventloop_lag_max_seconds'),
  };
}

function checkinBuckets(text: string): Map<number, number> {
  const buckets = new Map<number, number>();
  for (const line of text.split('\n')) {
    if (!line.startsWith('http_request_duration_seconds_bucket{') || !line.includes(CHECKIN)) continue;
    if (!line.includes('status="200"')) continue;
    const le = /le="([^"]+)"/.exec(line)?.[1];
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (le === undefined || !Number.isFinite(value)) continue;
    const bound = le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le) * 1000;
    buckets.set(bound, (buckets.get(bound) ?? 0) + value);
  }
  return buckets;
}

/** Sums the check-in histograms of every instance. */
export async function serverCheckinLatency(opsUrls: string[]): Promise<ServerLatency> {
  const total = new Map<number, number>();
  const byInstance: number[] = [];
  const eventLoop: EventLoopDelay[] = [];
  for (const url of opsUrls) {
    const text = await scrape(url);
    eventLoop.push(eventLoopOf(text));
    const buckets = checkinBuckets(text);
    byInstance.push(buckets.get(Number.POSITIVE_INFINITY) ?? 0);
    for (const [bound, n] of buckets) total.set(bound, (total.get(bound) ?? 0) + n);
  }
  const bounds = [...total.keys()].sort((a, b) => a - b);
  const count = total.get(Number.POSITIVE_INFINITY) ?? 0;
  const within = total.get(100) ?? 0;
  const p99 = bounds.find((b) => (total.get(b) ?? 0) >= 0.99 * count) ?? Number.POSITIVE_INFINITY;
  return {
    count,
    byInstance,
    within100MsPercent: count === 0 ? 0 : Math.round((within / count) * 1000) / 10,
    p99BucketMs: p99,
    eventLoop,
  };
}
