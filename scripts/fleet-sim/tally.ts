import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/** What the fleet counted during the measured run. */
export interface Tally {
  eventsSent: number;
  /** Uploads answered 200 (each a batch). */
  uploads: number;
  /** Acks by status (Accepted, Duplicate, Rejected, Retry). */
  acks: Record<string, number>;
  checkinMs: number[];
  /** When (performance.now()) each check-in answered after more than a second was sent. */
  slowCheckinsSentAt: number[];
  /** When each publish of the run completed (performance.now()). */
  publishedAt: number[];
  /** Check-ins sent and not yet answered, and the most there were at once. */
  checkinsInFlight: number;
  peakCheckinsInFlight: number;
  policyFetches: number;
  publishes: number;
  /** Check-ins and uploads that fell due while the endpoint's previous one was unanswered. */
  late: number;
  /** Uploads the server answered 503 (ingest busy); each batch is sent again after a pause. */
  busy: number;
  /** Events of batches still refused as busy when the run ended (kept by the endpoint, not lost). */
  deferredEvents: number;
  /**
   * Uploads whose connection was lost before their answer, sent again after the agent's offline
   * pause (not errors: nothing is lost and the agent does the same), with the first few causes.
   */
  lostConnections: number;
  lostSamples: string[];
  errors: number;
  /** The first few error messages, for the report. */
  errorSamples: string[];
}

export function newTally(): Tally {
  return {
    eventsSent: 0,
    uploads: 0,
    acks: {},
    checkinMs: [],
    slowCheckinsSentAt: [],
    publishedAt: [],
    checkinsInFlight: 0,
    peakCheckinsInFlight: 0,
    policyFetches: 0,
    publishes: 0,
    late: 0,
    busy: 0,
    deferredEvents: 0,
    lostConnections: 0,
    lostSamples: [],
    errors: 0,
    errorSamples: [],
  };
}

export function recordError(tally: Tally, what: string, err: unknown): void {
  tally.errors += 1;
  if (tally.errorSamples.length < 5) tally.errorSamples.push(`${what}: ${(err as Error).message}`);
}

export function recordLostConnection(tally: Tally, err: unknown): void {
  tally.lostConnections += 1;
  if (tally.lostSamples.length < 5) tally.lostSamples.push((err as Error).message);
}

/**
 * The workers' tallies as one (fleet.ts): counts added, samples kept to the first five, and
 * `peakCheckinsInFlight` the sum of each worker's most (an upper bound of the fleet's at once).
 */
export function mergeTallies(tallies: Tally[]): Tally {
  const out = newTally();
  for (const t of tallies) {
    out.eventsSent += t.eventsSent;
    out.uploads += t.uploads;
    for (const [status, n] of Object.entries(t.acks)) out.acks[status] = (out.acks[status] ?? 0) + n;
    for (const ms of t.checkinMs) out.checkinMs.push(ms);
    for (const at of t.slowCheckinsSentAt) out.slowCheckinsSentAt.push(at);
    for (const at of t.publishedAt) out.publishedAt.push(at);
    out.peakCheckinsInFlight += t.peakCheckinsInFlight;
    out.policyFetches += t.policyFetches;
    out.publishes += t.publishes;
    out.late += t.late;
    out.busy += t.busy;
    out.deferredEvents += t.deferredEvents;
    out.lostConnections += t.lostConnections;
    out.lostSamples.push(...t.lostSamples);
    out.errors += t.errors;
    out.errorSamples.push(...t.errorSamples);
  }
  out.lostSamples.splice(5);
  out.errorSamples.splice(5);
  return out;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Kernel clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS = 100;

function cpuTicks(pid: number): number {
  // Fields after the parenthesised command name: state is field 3, utime 14 and stime 15.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

export interface ProcessFigures {
  pid: number;
  /** CPU time over the run divided by its wall time (100 = one core busy). */
  cpuPercent: number;
  /** CPU time over the run, in seconds. */
  cpuSeconds: number;
  peakRssMb: number;
}

/**
 * Watches the server processes from /proc during the run: CPU time at start and end, resident
 * memory every second (its peak), and the machine's 1-minute load average at the end.
 */
export function watchProcesses(pids: number[]): { stop(): { servers: ProcessFigures[]; load: number[] } } {
  const started = Date.now();
  const ticks = pids.map(cpuTicks);
  const peak = pids.map(rssBytes);
  const timer = setInterval(() => {
    pids.forEach((pid, i) => {
      peak[i] = Math.max(peak[i]!, rssBytes(pid));
    });
  }, 1000);
  return {
    stop() {
      clearInterval(timer);
      const seconds = (Date.now() - started) / 1000;
      const servers = pids.map((pid, i) => {
        const cpuSeconds = (cpuTicks(pid) - ticks[i]!) / TICKS;
        return {
          pid,
          cpuPercent: Math.round((cpuSeconds / seconds) * 100),
          cpuSeconds,
          peakRssMb: Math.round(Math.max(peak[i]!, rssBytes(pid)) / 1024 / 1024),
        };
      });
      return { servers, load: loadavg().map((l) => Math.round(l * 100) / 100) };
    },
  };
}
