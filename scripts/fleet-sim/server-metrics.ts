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
}

const CHECKIN = 'route="/api/v1/agent/checkin"';

/** The operations port's address from a `dlp-server start` banner. */
export function opsUrlOf(stdout: string): string | null {
  return /Operations:\s+(\S+)/.exec(stdout)?.[1] ?? null;
}

async function checkinBuckets(opsUrl: string): Promise<Map<number, number>> {
  const text = await (await fetch(`${opsUrl}/metrics`)).text();
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
  for (const url of opsUrls) {
    const buckets = await checkinBuckets(url);
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
  };
}
