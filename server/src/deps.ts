import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { ServerKeys } from './crypto/server-keys.js';
import type { Database } from './db/database.js';
import type { AuditWriter } from './http/audit.js';
import type { Metrics } from './http/metrics.js';

/** What buildApp needs from its caller (main.ts, tests). */
export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  clock: Clock;
  logger?: Logger;
  metrics?: Metrics;
  /** Absent: read from the settings or the data directory's key files (loadServerKeys). */
  keys?: ServerKeys;
}

/** What every module reads from `app.deps` (decorated once in buildApp). */
export interface AppServices {
  config: Config;
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditWriter;
  metrics: Metrics;
  keys: ServerKeys;
}
