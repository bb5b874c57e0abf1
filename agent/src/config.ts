import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MachinePolicyValues, Platform } from './platform/types.js';

/** Name of the local configuration file inside the state directory. */
export const CONFIG_FILE = 'config.json';

export type OverflowPolicy = 'refuse_new' | 'drop_oldest';

/** Effective agent settings: defaults, then the local file, then machine policy (policy wins). */
export interface AgentConfig {
  stateDir: string;
  serverUrl: string | null;
  enrollmentToken: string | null;
  caFile: string | null;
  checkinIntervalSecs: number;
  uploadIntervalSecs: number;
  discoveryIntervalSecs: number;
  requestTimeoutSecs: number;
  queueCapacity: number;
  queueOverflow: OverflowPolicy;
  logRetainDays: number;
  logMaxBytes: number;
  /** Largest number of bytes read from one file for content inspection. */
  maxReadBytes: number;
  /** Document 2's `certificate_renew_before_days`: renew when fewer days than this remain. */
  certificateRenewBeforeDays: number;
  /** How long an updated agent has to check in before the previous executable is put back. */
  updateConfirmSecs: number;
  keyMode: 'tpm' | 'software' | 'auto';
  tcti: string | null;
  /** Where each setting came from: `default`, `config`, `policy` or `command line`. */
  sources: Record<string, string>;
}

/** Thrown for a setting that cannot be used; names the setting, never echoes a token. */
export class ConfigError extends Error {
  constructor(
    readonly setting: string,
    message: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

export interface IntSetting {
  key: keyof AgentConfig;
  name: string;
  def: number;
  min: number;
  max: number;
}

// Ranges are ours (document 2 names the values, not their bounds); docs/agent.md lists them. The
// Group Policy template (wix/policy/*.admx, platform/win32/admx.ts) is generated from this table.
export const INT_SETTINGS: readonly IntSetting[] = [
  { key: 'checkinIntervalSecs', name: 'CheckinIntervalSecs', def: 60, min: 10, max: 86_400 },
  { key: 'uploadIntervalSecs', name: 'UploadIntervalSecs', def: 30, min: 1, max: 86_400 },
  { key: 'discoveryIntervalSecs', name: 'DiscoveryIntervalSecs', def: 3_600, min: 60, max: 7 * 86_400 },
  { key: 'requestTimeoutSecs', name: 'RequestTimeoutSecs', def: 30, min: 1, max: 600 },
  { key: 'queueCapacity', name: 'QueueCapacity', def: 100_000, min: 100, max: 10_000_000 },
  { key: 'logRetainDays', name: 'LogRetainDays', def: 14, min: 1, max: 3_650 },
  { key: 'logMaxBytes', name: 'LogMaxBytes', def: 10 * 1024 * 1024, min: 64 * 1024, max: 1024 * 1024 * 1024 },
  { key: 'maxReadBytes', name: 'MaxReadBytes', def: 32 * 1024 * 1024, min: 4096, max: 1024 * 1024 * 1024 },
  { key: 'certificateRenewBeforeDays', name: 'CertificateRenewBeforeDays', def: 30, min: 1, max: 365 },
  { key: 'updateConfirmSecs', name: 'UpdateConfirmSecs', def: 900, min: 5, max: 86_400 },
];

/** Local-file-only settings beside document 2's value names. */
const LOCAL_ONLY = [
  'CaFile',
  'QueueOverflow',
  'MaxReadBytes',
  'KeyMode',
  'Tcti',
  'CertificateRenewBeforeDays',
  'UpdateConfirmSecs',
];

function toInt(name: string, raw: string | number, min: number, max: number): number {
  const n = typeof raw === 'number' ? raw : /^\s*\d+\s*$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(name, `${name} must be a whole number from ${min} to ${max}`);
  }
  return n;
}

/** Document 2: ServerUrl is https only; the agent refuses anything else. */
export function checkServerUrl(raw: string, setting = 'ServerUrl'): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new ConfigError(setting, `${setting} is not a URL`);
  }
  if (u.protocol !== 'https:') {
    throw new ConfigError(
      setting,
      `${setting} must use https:// (got ${u.protocol}//); refusing to talk to the server`,
    );
  }
  if (u.username || u.password || u.search || u.hash) {
    throw new ConfigError(setting, `${setting} must not carry credentials, a query or a fragment`);
  }
  return u.origin + u.pathname.replace(/\/+$/, '');
}

async function readLocalFile(stateDir: string): Promise<Record<string, unknown>> {
  const path = join(stateDir, CONFIG_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new ConfigError(CONFIG_FILE, `${path} cannot be read: ${(err as NodeJS.ErrnoException).code}`);
  }
  try {
    const v = JSON.parse(text) as unknown;
    if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new Error('not an object');
    return v as Record<string, unknown>;
  } catch {
    throw new ConfigError(CONFIG_FILE, `${path} must hold a JSON object`);
  }
}

export interface ConfigInputs {
  platform: Platform;
  /** `--state-dir` */
  stateDir?: string | undefined;
  /** `--server` / `--ca-file` (command line beats everything for the enrol command). */
  serverUrl?: string | undefined;
  caFile?: string | undefined;
  keyMode?: string | undefined;
}

/**
 * Builds the effective configuration. Order: defaults < local config file < machine policy
 * (document 2: "Policy overrides the agent's local config file") < command line for the one command
 * that names a value. The state directory itself comes from the command line, policy, or the default.
 */
export async function loadConfig(
  inputs: ConfigInputs,
): Promise<{ config: AgentConfig; policy: MachinePolicyValues }> {
  const policy = await inputs.platform.machinePolicy.read();
  const sources: Record<string, string> = {};
  let stateDir = inputs.platform.defaultStateDir();
  sources.StateDir = 'default';
  if (policy.StateDir !== undefined) {
    stateDir = String(policy.StateDir);
    sources.StateDir = 'policy';
  }
  if (inputs.stateDir) {
    stateDir = inputs.stateDir;
    sources.StateDir = 'command line';
  }
  const local = await readLocalFile(stateDir);
  for (const key of Object.keys(local)) {
    const known = INT_SETTINGS.some((s) => s.name === key) || LOCAL_ONLY.includes(key) || key === 'ServerUrl';
    if (!known) throw new ConfigError(key, `${CONFIG_FILE}: unknown setting ${key}`);
  }
  const pick = (name: string): { value: string | number; from: string } | undefined => {
    const p = (policy as Record<string, string | number | undefined>)[name];
    if (p !== undefined) return { value: p, from: 'policy' };
    const l = local[name];
    if (typeof l === 'string' || typeof l === 'number') return { value: l, from: 'config' };
    if (l !== undefined) throw new ConfigError(name, `${name} must be a string or a number`);
    return undefined;
  };

  const config = {
    stateDir,
    serverUrl: null,
    enrollmentToken: null,
    caFile: null,
    queueOverflow: 'refuse_new',
    keyMode: 'auto',
    tcti: null,
    sources,
  } as unknown as AgentConfig;
  for (const s of INT_SETTINGS) {
    const v = pick(s.name);
    (config as unknown as Record<string, number>)[s.key] = v ? toInt(s.name, v.value, s.min, s.max) : s.def;
    sources[s.name] = v ? v.from : 'default';
  }
  const server =
    inputs.serverUrl !== undefined ? { value: inputs.serverUrl, from: 'command line' } : pick('ServerUrl');
  if (server) {
    config.serverUrl = checkServerUrl(String(server.value));
    sources.ServerUrl = server.from;
  }
  if (policy.EnrollmentToken !== undefined && String(policy.EnrollmentToken).trim() !== '') {
    config.enrollmentToken = String(policy.EnrollmentToken).trim();
    sources.EnrollmentToken = 'policy';
  }
  const ca = inputs.caFile !== undefined ? { value: inputs.caFile, from: 'command line' } : pick('CaFile');
  if (ca) {
    config.caFile = String(ca.value);
    sources.CaFile = ca.from;
  }
  const overflow = pick('QueueOverflow');
  if (overflow) {
    if (overflow.value !== 'refuse_new' && overflow.value !== 'drop_oldest') {
      throw new ConfigError('QueueOverflow', 'QueueOverflow must be refuse_new or drop_oldest');
    }
    config.queueOverflow = overflow.value;
    sources.QueueOverflow = overflow.from;
  }
  const mode =
    inputs.keyMode !== undefined ? { value: inputs.keyMode, from: 'command line' } : pick('KeyMode');
  if (mode) {
    if (mode.value !== 'tpm' && mode.value !== 'software' && mode.value !== 'auto') {
      throw new ConfigError('KeyMode', 'KeyMode must be tpm, software or auto');
    }
    config.keyMode = mode.value;
    sources.KeyMode = mode.from;
  }
  const tcti = pick('Tcti');
  if (tcti) config.tcti = String(tcti.value);
  return { config, policy };
}
