import { useNativeHost } from '@custos/native';
import type { Platform } from './types.js';

/** The host as `--version` names it (`linux-x64`, `win32-x64`); read here, the one platform switch. */
export const HOST_TARGET = `${process.platform}-${process.arch}`;

/**
 * Test and fixture hooks a backend may honour (documented in docs/agent.md). Production code passes
 * nothing; tests point the Linux backend at fixture directories instead of the real /sys and /proc.
 */
export interface PlatformOverrides {
  /** Root of a sysfs tree (default `/sys`). */
  sysfsRoot?: string;
  /** A mountinfo file (default `/proc/self/mountinfo`). */
  mountinfoPath?: string;
  /** Machine policy file (Linux default `/etc/custos/agent-policy.json`). */
  machinePolicyPath?: string;
  /** systemd-logind session directory (default `/run/systemd/sessions`). */
  sessionsDir?: string;
  /** systemd-resolved per-link state (default `/run/systemd/resolve/netif`). */
  resolvedNetifDir?: string;
  /** Resolver configuration (default `/etc/resolv.conf`). */
  resolvConfPath?: string;
}

/** What each backend module exports: `platform/linux/index.ts`, `platform/win32/index.ts`. */
export type PlatformFactory = (overrides: PlatformOverrides) => Promise<Platform>;

export function overridesFromEnv(env: NodeJS.ProcessEnv = process.env): PlatformOverrides {
  const o: PlatformOverrides = {};
  if (env.DLP_AGENT_SYSFS_ROOT) o.sysfsRoot = env.DLP_AGENT_SYSFS_ROOT;
  if (env.DLP_AGENT_MOUNTINFO) o.mountinfoPath = env.DLP_AGENT_MOUNTINFO;
  if (env.DLP_AGENT_POLICY_FILE) o.machinePolicyPath = env.DLP_AGENT_POLICY_FILE;
  if (env.DLP_AGENT_SESSIONS_DIR) o.sessionsDir = env.DLP_AGENT_SESSIONS_DIR;
  if (env.DLP_AGENT_RESOLVED_NETIF) o.resolvedNetifDir = env.DLP_AGENT_RESOLVED_NETIF;
  if (env.DLP_AGENT_RESOLV_CONF) o.resolvConfPath = env.DLP_AGENT_RESOLV_CONF;
  return o;
}

/**
 * The one `process.platform` switch (DESIGN.md). The backend is loaded on demand so a Linux build
 * never touches Windows code and vice versa; a missing backend is a clear error naming what was tried.
 */
export async function loadPlatform(overrides: PlatformOverrides = overridesFromEnv()): Promise<Platform> {
  // The addon facade reads no process.platform of its own: it is told here, before any backend loads it.
  useNativeHost(process.platform);
  if (process.platform === 'linux') {
    const linux = await import('./linux/index.js');
    return linux.createPlatform(overrides);
  }
  if (process.platform !== 'win32') {
    throw new Error(`dlp-agent supports linux and win32; this host is ${process.platform}`);
  }
  // The Windows backend (native addon helper) exports the same factory, loaded only on Windows; a
  // load failure names what was tried. The specifier is a literal so that the bundler of the single
  // executable (scripts/package) carries the backend.
  const backend = './win32/index.js';
  let mod: { createPlatform?: PlatformFactory };
  try {
    mod = (await import('./win32/index.js')) as { createPlatform?: PlatformFactory };
  } catch (err) {
    throw new Error(`platform backend ${backend} could not be loaded: ${(err as Error).message}`);
  }
  if (typeof mod.createPlatform !== 'function') {
    throw new Error(`platform backend ${backend} does not export createPlatform`);
  }
  return mod.createPlatform(overrides);
}
