/**
 * The fleet simulator as part of `npm run bench` (issue 23): 10,000 virtual agents for five minutes
 * against one instance on SQLite, then against two instances on one PostgreSQL behind HAProxy
 * (scripts/fleet-sim, docs/deploy.md "Sizing with the fleet simulator"). Each run is the real
 * `npm run fleet-sim` in its own process; its report is printed as it is. Asserts only that the run
 * completed and counted no error, never a timing.
 *
 * Shorter runs: FLEET_BENCH_AGENTS (default 10000), FLEET_BENCH_MINUTES (default 5),
 * FLEET_BENCH_DB (sqlite, postgres or both; default both); FLEET_BENCH_WORKERS sets the simulator's
 * `--workers` (default: its own, one worker thread per 2,500 endpoints, at most 4). The servers run with
 * DLP_INGEST_LATE_LOOP_MS=100 (FLEET_BENCH_LATE_LOOP_MS; 0: off), the setting docs/deploy.md
 * recommends for an instance that must keep check-ins prompt while ingest saturates it.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const agents = process.env.FLEET_BENCH_AGENTS ?? '10000';
const minutes = process.env.FLEET_BENCH_MINUTES ?? '5';
const which = process.env.FLEET_BENCH_DB ?? 'both';
const lateLoopMs = process.env.FLEET_BENCH_LATE_LOOP_MS ?? '100';
const workers = process.env.FLEET_BENCH_WORKERS;
/** Enrolment, the run, and the end that follows a late publish, with room to spare. */
const TIMEOUT_MS = (Number(minutes) * 60 + 1_800) * 1000;

interface Report {
  errors: number;
  checkins: { count: number; p50Ms: number; p99Ms: number };
  acceptedPerSecond: number;
}

function simulate(args: string[]): Promise<{ code: number | null; report: Report | null }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        'scripts/fleet-sim/run.mjs',
        '--agents',
        agents,
        '--minutes',
        minutes,
        ...(Number(lateLoopMs) > 0 ? ['--late-loop-ms', lateLoopMs] : []),
        ...(workers ? ['--workers', workers] : []),
        ...args,
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => {
      const lines = out.trim().split('\n');
      const last = lines.at(-1) ?? '';
      // The report's lines as the simulator printed them; the last line is the same as JSON.
      console.log(
        lines
          .filter((l) => !l.startsWith('enrolled '))
          .slice(0, -1)
          .join('\n'),
      );
      let report: Report | null = null;
      try {
        report = JSON.parse(last) as Report;
      } catch {
        console.log(last);
      }
      resolve({ code, report });
    });
  });
}

test.runIf(which === 'sqlite' || which === 'both')(
  `fleet simulator: ${agents} agents, ${minutes} min, SQLite, one instance`,
  async () => {
    const { code, report } = await simulate(['--db', 'sqlite', '--instances', '1']);
    expect(report?.errors).toBe(0);
    expect(code).toBe(0);
  },
  TIMEOUT_MS,
);

test.runIf(which === 'postgres' || which === 'both')(
  `fleet simulator: ${agents} agents, ${minutes} min, PostgreSQL, two instances behind HAProxy`,
  async () => {
    const { code, report } = await simulate(['--db', 'postgres', '--instances', '2']);
    expect(report?.errors).toBe(0);
    expect(code).toBe(0);
  },
  TIMEOUT_MS,
);
