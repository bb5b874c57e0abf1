import { isIP } from 'node:net';
import path from 'node:path';

/**
 * Every DLP_* setting, parsed and range-checked once at start. A bad value stops the process with
 * a message naming the variable (issue 2; document 2 requires DLP_AGENT_RATE_PER_MINUTE=0 and
 * DLP_AGENT_RATE_BURST=0 to refuse to start). `docs/configuration.md` documents each entry of
 * SETTINGS and a test keeps the two in step.
 */

export interface HostPort {
  host: string;
  port: number;
}

export interface Config {
  dataDir: string;
  listen: HostPort;
  opsListen: HostPort;
  /** null = SQLite file `<dataDir>/custos.db`. */
  databaseUrl: string | null;
  tls: { certFile: string; keyFile: string } | null;
  tlsSans: string[];
  /**
   * Base URL people and agents use to reach the API (links in invitations and resets). Without
   * DLP_PUBLIC_URL it is derived from DLP_LISTEN, and the running server replaces the port with
   * the one it bound (port 0 asks the kernel for one).
   */
  publicUrl: string;
  /** true when DLP_PUBLIC_URL set it; false when derived from DLP_LISTEN. */
  publicUrlConfigured: boolean;
  initialOwnerEmail: string;
  /** 32 bytes; null = a key file generated in the data directory. */
  masterKey: Buffer | null;
  factorKey: Buffer | null;
  logLevel: LogLevel;
  auth: { maxFailedLogins: number; lockoutMinutes: number };
  /**
   * Secret references (`env:DLP_SECRET_<TENANT>_<NAME>`, document 3): every DLP_SECRET_* variable,
   * read once at start; a setting names one and the value never enters the database.
   */
  secrets: Readonly<Record<string, string>>;
  agent: {
    ratePerMinute: number;
    rateBurst: number;
    rateAlertCooldownMinutes: number;
    maxBatchEvents: number;
    deviceCertDays: number;
    /** Event uploads in progress at once in this process (DLP_INGEST_CONCURRENT_UPLOADS). */
    concurrentUploads: number;
    /** Event-loop delay (ms) above which new uploads wait (DLP_INGEST_LATE_LOOP_MS; 0: off). */
    lateLoopMs: number;
    /** Incidents one ingest transaction may touch; a batch touching more is cut (DLP_INGEST_SLICE_INCIDENTS). */
    sliceIncidents: number;
  };
  quota: {
    eventsPerHour: number;
    eventBurst: number;
    bytesPerHour: number;
    byteBurst: number;
    storedEvents: number;
  };
  incidents: { queryTimeoutMs: number };
  /** A live directory call (lookup, unmanaged count, department) ends at this deadline (document 3: 10 s). */
  directory: { deadlineMs: number };
  /** How long a stopping server lets requests in flight finish before it cuts them off. */
  shutdownGraceSeconds: number;
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export class ConfigError extends Error {
  readonly variable: string;
  constructor(variable: string, reason: string) {
    super(`${variable}: ${reason}`);
    this.name = 'ConfigError';
    this.variable = variable;
  }
}

interface IntSetting {
  name: string;
  min: number;
  max: number;
  fallback: number;
}

/** Integer settings with their ranges; the defaults are the specification's. */
export const INT_SETTINGS = {
  maxFailedLogins: { name: 'DLP_MAX_FAILED_LOGINS', min: 1, max: 100, fallback: 8 },
  lockoutMinutes: { name: 'DLP_LOCKOUT_MINUTES', min: 1, max: 1440, fallback: 15 },
  agentRatePerMinute: { name: 'DLP_AGENT_RATE_PER_MINUTE', min: 1, max: 100_000, fallback: 60 },
  agentRateBurst: { name: 'DLP_AGENT_RATE_BURST', min: 1, max: 100_000, fallback: 120 },
  agentRateAlertCooldownMinutes: {
    name: 'DLP_AGENT_RATE_ALERT_COOLDOWN_MINUTES',
    min: 1,
    max: 1440,
    fallback: 15,
  },
  maxBatchEvents: { name: 'DLP_MAX_BATCH_EVENTS', min: 1, max: 500, fallback: 500 },
  deviceCertDays: { name: 'DLP_DEVICE_CERT_DAYS', min: 1, max: 825, fallback: 90 },
  // Event uploads one instance works on at once; more wait outside as 503 + Retry-After (docs/deploy.md).
  concurrentUploads: { name: 'DLP_INGEST_CONCURRENT_UPLOADS', min: 1, max: 256, fallback: 2 },
  // New uploads wait while the event loop was late by more than this (ms); 0: off (docs/deploy.md).
  lateLoopMs: { name: 'DLP_INGEST_LATE_LOOP_MS', min: 0, max: 10_000, fallback: 0 },
  // Incidents one ingest transaction may touch; 500 (a whole batch) by default (docs/deploy.md).
  sliceIncidents: { name: 'DLP_INGEST_SLICE_INCIDENTS', min: 1, max: 500, fallback: 500 },
  quotaEventsPerHour: { name: 'DLP_QUOTA_EVENTS_PER_HOUR', min: 1, max: 10_000_000, fallback: 20_000 },
  quotaEventBurst: { name: 'DLP_QUOTA_EVENT_BURST', min: 1, max: 20_000_000, fallback: 40_000 },
  quotaBytesPerHour: {
    name: 'DLP_QUOTA_BYTES_PER_HOUR',
    min: 1024,
    max: 1024 ** 4,
    fallback: 256 * 1024 * 1024,
  },
  quotaByteBurst: {
    name: 'DLP_QUOTA_BYTE_BURST',
    min: 1024,
    max: 2 * 1024 ** 4,
    fallback: 512 * 1024 * 1024,
  },
  quotaStoredEvents: { name: 'DLP_QUOTA_STORED_EVENTS', min: 1, max: 1_000_000_000, fallback: 2_000_000 },
  incidentQueryTimeoutMs: { name: 'DLP_INCIDENT_QUERY_TIMEOUT_MS', min: 100, max: 600_000, fallback: 30_000 },
  // Document 3's ten seconds is the most a directory call may take; it may be shortened only.
  directoryDeadlineMs: { name: 'DLP_DIRECTORY_DEADLINE_MS', min: 100, max: 10_000, fallback: 10_000 },
  // installer/custos-server.service's TimeoutStopSec is the default plus 5 s (a test compares).
  shutdownGraceSeconds: { name: 'DLP_SHUTDOWN_GRACE_SECONDS', min: 1, max: 600, fallback: 10 },
} as const satisfies Record<string, IntSetting>;

/** Every variable the server reads; the documentation test walks this list. */
export const SETTING_NAMES: readonly string[] = [
  'DLP_DATA_DIR',
  'DLP_LISTEN',
  'DLP_OPS_LISTEN',
  'DLP_DATABASE_URL',
  'DLP_TLS_CERT',
  'DLP_TLS_KEY',
  'DLP_TLS_SANS',
  'DLP_PUBLIC_URL',
  'DLP_INITIAL_OWNER_EMAIL',
  'DLP_MASTER_KEY',
  'DLP_FACTOR_KEY',
  'DLP_LOG_LEVEL',
  ...Object.values(INT_SETTINGS).map((s) => s.name),
];

type Env = Readonly<Record<string, string | undefined>>;

function raw(env: Env, name: string): string | undefined {
  const value = env[name];
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function parseInt10(env: Env, s: IntSetting): number {
  const value = raw(env, s.name);
  if (value === undefined) return s.fallback;
  if (!/^[0-9]+$/.test(value)) throw new ConfigError(s.name, 'must be a whole number');
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < s.min || n > s.max) {
    throw new ConfigError(s.name, `must be between ${s.min} and ${s.max}`);
  }
  return n;
}

export function parseHostPort(name: string, value: string): HostPort {
  // [v6]:port or host:port; the port may be 0 (tests ask the kernel for a free one).
  const m = /^\[([^\]]+)\]:([0-9]{1,5})$/.exec(value) ?? /^([^:[\]]+):([0-9]{1,5})$/.exec(value);
  if (!m) throw new ConfigError(name, 'must be host:port (IPv6 as [addr]:port)');
  const host = m[1]!;
  const port = Number(m[2]);
  if (port > 65535) throw new ConfigError(name, 'port must be between 0 and 65535');
  if (value.startsWith('[') && isIP(host) !== 6) throw new ConfigError(name, 'bracketed host must be IPv6');
  if (!isIP(host) && !/^[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$/.test(host)) {
    throw new ConfigError(name, 'host must be an IP address or a host name');
  }
  return { host, port };
}

function parseKey(env: Env, name: string): Buffer | null {
  const value = raw(env, name);
  if (value === undefined) return null;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) throw new ConfigError(name, 'must be base64');
  const key = Buffer.from(value, 'base64');
  if (key.length !== 32) throw new ConfigError(name, 'must decode to exactly 32 bytes');
  return key;
}

function parseSans(env: Env): string[] {
  const value = raw(env, 'DLP_TLS_SANS');
  if (value === undefined) return [];
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  for (const n of names) {
    if (!isIP(n) && !/^(\*\.)?[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$/.test(n)) {
      throw new ConfigError('DLP_TLS_SANS', 'each entry must be a DNS name or an IP address');
    }
  }
  return names;
}

function parseDatabaseUrl(env: Env): string | null {
  const value = raw(env, 'DLP_DATABASE_URL');
  if (value === undefined) return null;
  if (!/^postgres(ql)?:\/\/[^\s]+$/.test(value)) {
    throw new ConfigError('DLP_DATABASE_URL', 'must be a postgres:// URL (leave unset for SQLite)');
  }
  return value;
}

function parseEmail(env: Env, name: string, fallback: string): string {
  const value = raw(env, name) ?? fallback;
  if (!/^[^\s@]{1,64}@[^\s@]{1,255}$/.test(value)) throw new ConfigError(name, 'must be an e-mail address');
  return value.toLowerCase();
}

function urlHost(host: string): string {
  return isIP(host) === 6 ? `[${host}]` : host;
}

/** The API's address when DLP_PUBLIC_URL is unset: the listener's host (localhost for a wildcard). */
export function derivedPublicUrl(listen: HostPort): string {
  const host = listen.host === '0.0.0.0' || listen.host === '::' ? 'localhost' : listen.host;
  return `https://${urlHost(host)}:${listen.port}`;
}

function parsePublicUrl(env: Env, listen: HostPort): string {
  const value = raw(env, 'DLP_PUBLIC_URL');
  if (value === undefined) return derivedPublicUrl(listen);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError('DLP_PUBLIC_URL', 'must be an absolute https URL');
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.search !== '') {
    throw new ConfigError('DLP_PUBLIC_URL', 'must be an https URL without credentials or query');
  }
  return value.replace(/\/+$/, '');
}

/**
 * DLP_* names the server leaves alone: the endpoint agent's own variables (DLP_AGENT_…, which
 * may share an environment with the server in demos and tests; the server's DLP_AGENT_RATE_…
 * settings stay checked) and test-suite switches (DLP_TEST_…).
 */
function belongsElsewhere(name: string): boolean {
  if (name.startsWith('DLP_TEST_') || name.startsWith('DLP_SECRET_')) return true;
  return name.startsWith('DLP_AGENT_') && !name.startsWith('DLP_AGENT_RATE');
}

/** Reads the whole configuration; throws ConfigError naming the first bad variable. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  for (const name of Object.keys(env)) {
    if (name.startsWith('DLP_') && !SETTING_NAMES.includes(name) && !belongsElsewhere(name)) {
      // A misspelt setting silently keeping its default is worse than refusing to start.
      throw new ConfigError(name, 'unknown setting (see docs/configuration.md)');
    }
  }
  const dataDir = path.resolve(cwd, raw(env, 'DLP_DATA_DIR') ?? '.data');
  const listen = parseHostPort('DLP_LISTEN', raw(env, 'DLP_LISTEN') ?? '127.0.0.1:8443');
  const opsListen = parseHostPort('DLP_OPS_LISTEN', raw(env, 'DLP_OPS_LISTEN') ?? '127.0.0.1:9090');

  const cert = raw(env, 'DLP_TLS_CERT');
  const key = raw(env, 'DLP_TLS_KEY');
  if ((cert === undefined) !== (key === undefined)) {
    throw new ConfigError(
      cert === undefined ? 'DLP_TLS_CERT' : 'DLP_TLS_KEY',
      'DLP_TLS_CERT and DLP_TLS_KEY go together',
    );
  }
  const tls = cert && key ? { certFile: path.resolve(cwd, cert), keyFile: path.resolve(cwd, key) } : null;

  const logLevel = (raw(env, 'DLP_LOG_LEVEL') ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel))
    throw new ConfigError('DLP_LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);

  const i = (s: IntSetting) => parseInt10(env, s);
  const secrets = Object.fromEntries(
    Object.entries(env).filter(
      (e): e is [string, string] => e[0].startsWith('DLP_SECRET_') && typeof e[1] === 'string',
    ),
  );
  return {
    secrets,
    dataDir,
    listen,
    opsListen,
    databaseUrl: parseDatabaseUrl(env),
    tls,
    tlsSans: parseSans(env),
    publicUrl: parsePublicUrl(env, listen),
    publicUrlConfigured: raw(env, 'DLP_PUBLIC_URL') !== undefined,
    initialOwnerEmail: parseEmail(env, 'DLP_INITIAL_OWNER_EMAIL', 'owner@example.com'),
    masterKey: parseKey(env, 'DLP_MASTER_KEY'),
    factorKey: parseKey(env, 'DLP_FACTOR_KEY'),
    logLevel,
    auth: {
      maxFailedLogins: i(INT_SETTINGS.maxFailedLogins),
      lockoutMinutes: i(INT_SETTINGS.lockoutMinutes),
    },
    agent: {
      ratePerMinute: i(INT_SETTINGS.agentRatePerMinute),
      rateBurst: i(INT_SETTINGS.agentRateBurst),
      rateAlertCooldownMinutes: i(INT_SETTINGS.agentRateAlertCooldownMinutes),
      maxBatchEvents: i(INT_SETTINGS.maxBatchEvents),
      deviceCertDays: i(INT_SETTINGS.deviceCertDays),
      concurrentUploads: i(INT_SETTINGS.concurrentUploads),
      lateLoopMs: i(INT_SETTINGS.lateLoopMs),
      sliceIncidents: i(INT_SETTINGS.sliceIncidents),
    },
    quota: {
      eventsPerHour: i(INT_SETTINGS.quotaEventsPerHour),
      eventBurst: i(INT_SETTINGS.quotaEventBurst),
      bytesPerHour: i(INT_SETTINGS.quotaBytesPerHour),
      byteBurst: i(INT_SETTINGS.quotaByteBurst),
      storedEvents: i(INT_SETTINGS.quotaStoredEvents),
    },
    incidents: { queryTimeoutMs: i(INT_SETTINGS.incidentQueryTimeoutMs) },
    directory: { deadlineMs: i(INT_SETTINGS.directoryDeadlineMs) },
    shutdownGraceSeconds: i(INT_SETTINGS.shutdownGraceSeconds),
  };
}
