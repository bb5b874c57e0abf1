/**
 * What a fleet-simulator run is (docs/deploy.md "Sizing with the fleet simulator"). The defaults are
 * the fleet issue 23 describes: a check-in every 60 s with ±10 % jitter, one event per endpoint per
 * second sent in 500-event batches, a policy publish every two minutes that each endpoint fetches at
 * its next check-in. Tests shrink the intervals to run the same fleet in a few seconds.
 */
export interface SimOptions {
  agents: number;
  /** Length of the measured run (after every endpoint has enrolled). */
  seconds: number;
  db: 'sqlite' | 'postgres';
  instances: 1 | 2;
  checkinMs: number;
  /** Check-in interval jitter, as a fraction of the interval either way. */
  jitter: number;
  /** One event per endpoint every `eventMs`. */
  eventMs: number;
  batchSize: number;
  /** A policy publish every `publishMs` (0: none during the run). */
  publishMs: number;
  /** Enrolments in flight at once while the fleet is set up. */
  enrolConcurrency: number;
  /**
   * TLS connections the whole simulated fleet's uploads share (0: no bound). One process stands in for
   * thousands of endpoints, so it keeps a bounded pool of kept-alive connections: a slow answer
   * queues the next requests in the simulator instead of opening a connection (and a TLS
   * handshake the server pays for) per waiting request.
   */
  connections: number;
  /**
   * TLS connections the fleet's check-ins and policy fetches share (0: no bound, a connection per
   * request in flight, kept alive, as each real endpoint has its own), apart from the uploads'
   * pool so a check-in never queues in the simulator behind other endpoints' uploads.
   */
  controlConnections: number;
  /**
   * Worker threads the endpoints are spread over (0: one per 2,500 endpoints, at most 4;
   * shard.ts `defaultWorkers`), each with its share of the endpoints, of `connections` and of
   * `controlConnections` (fleet-wide totals) and its own event loop.
   */
  workers: number;
  /** Pause before an upload answered 503 (ingest busy) is sent again (the agent's 60 s). */
  busyRetryMs: number;
  /** Extra server settings (e.g. wider per-device limits when the intervals are shrunk). */
  serverEnv: Record<string, string>;
}

export const DEFAULTS: SimOptions = {
  agents: 100,
  seconds: 60,
  db: 'sqlite',
  instances: 1,
  checkinMs: 60_000,
  jitter: 0.1,
  eventMs: 1_000,
  batchSize: 500,
  publishMs: 120_000,
  enrolConcurrency: 16,
  connections: 64,
  controlConnections: 64,
  workers: 0,
  busyRetryMs: 60_000,
  serverEnv: {},
};

const USAGE = `usage: npm run fleet-sim -- --agents N --minutes M [--db sqlite|postgres] [--instances 1|2]
  [--checkin-seconds S] [--event-ms MS] [--batch N] [--publish-seconds S] [--enrol-concurrency N]
  [--connections N] [--control-connections N] [--workers N] [--busy-retry-seconds S] [--concurrent-uploads N] [--late-loop-ms MS]`;

function positive(name: string, value: string | undefined): number {
  const n = Number(value);
  if (value === undefined || !Number.isFinite(n) || n <= 0)
    throw new Error(`${name} needs a positive number\n${USAGE}`);
  return n;
}

/** Reads `--name value` pairs; refuses unknown names and impossible combinations. */
export function parseOptions(argv: string[]): SimOptions {
  const o: SimOptions = { ...DEFAULTS, serverEnv: {} };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i]!;
    const value = argv[i + 1];
    switch (name) {
      case '--agents':
        o.agents = Math.floor(positive(name, value));
        break;
      case '--minutes':
        o.seconds = positive(name, value) * 60;
        break;
      case '--seconds':
        o.seconds = positive(name, value);
        break;
      case '--db':
        if (value !== 'sqlite' && value !== 'postgres')
          throw new Error(`--db is sqlite or postgres\n${USAGE}`);
        o.db = value;
        break;
      case '--instances':
        if (value !== '1' && value !== '2') throw new Error(`--instances is 1 or 2\n${USAGE}`);
        o.instances = Number(value) as 1 | 2;
        break;
      case '--checkin-seconds':
        o.checkinMs = positive(name, value) * 1000;
        break;
      case '--event-ms':
        o.eventMs = positive(name, value);
        break;
      case '--batch':
        o.batchSize = Math.min(500, Math.floor(positive(name, value)));
        break;
      case '--publish-seconds':
        o.publishMs = Number(value) === 0 ? 0 : positive(name, value) * 1000;
        break;
      case '--enrol-concurrency':
        o.enrolConcurrency = Math.floor(positive(name, value));
        break;
      case '--connections':
        o.connections = Number(value) === 0 ? 0 : Math.floor(positive(name, value));
        break;
      case '--control-connections':
        o.controlConnections = Number(value) === 0 ? 0 : Math.floor(positive(name, value));
        break;
      case '--workers':
        o.workers = Math.floor(positive(name, value));
        break;
      case '--busy-retry-seconds':
        o.busyRetryMs = positive(name, value) * 1000;
        break;
      case '--late-loop-ms':
        // The servers' DLP_INGEST_LATE_LOOP_MS: new uploads wait while the event loop is late.
        o.serverEnv.DLP_INGEST_LATE_LOOP_MS = String(Math.floor(positive(name, value)));
        break;
      case '--concurrent-uploads':
        // The servers' ingest admission bound (DLP_INGEST_CONCURRENT_UPLOADS), for A/B runs.
        o.serverEnv.DLP_INGEST_CONCURRENT_UPLOADS = String(Math.floor(positive(name, value)));
        break;
      default:
        throw new Error(`unknown option ${name}\n${USAGE}`);
    }
  }
  if (o.instances === 2 && o.db !== 'postgres')
    throw new Error(`two instances share one PostgreSQL database: add --db postgres\n${USAGE}`);
  return o;
}
