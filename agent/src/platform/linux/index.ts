import { readFile } from 'node:fs/promises';
import { hostname, release } from 'node:os';
import type { PlatformOverrides } from '../index.js';
import type { FileLabels, Platform } from '../types.js';
import { createLinuxCapabilities } from './capabilities.js';
import { openLinuxDesktop } from './desktop.js';
import { createLinuxDeviceKeys } from './device-keys.js';
import { createHeldOpens } from './held-opens.js';
import { createJsonPolicySource } from './machine-policy.js';
import { createLinuxNetwork } from './network.js';
import { createProcessDetail } from './process-detail.js';
import { releaseFreedMemory } from './release-memory.js';
import { releaseStartPages } from './release-start-pages.js';
import { createSysfsRemovable } from './removable.js';
import { createStderrServiceHooks } from './service-hooks.js';
import { sessionSocketPath } from './session-peer.js';
import { connectUnix, listenUnix } from './session-socket.js';
import { createSessionIdentity } from './sessions.js';
import { findInstalledService } from './systemd-unit.js';
import { createFsWatching } from './watcher.js';

/** Linux default machine policy location (document 2's registry values as a JSON object). */
export const LINUX_POLICY_FILE = '/etc/custos/agent-policy.json';

const NO_LABELS: FileLabels = {
  available: false,
  read: async () => [],
  apply: async () => 'unsupported',
};

/**
 * Labels live in extended attributes, written by the native-addon helper in `./labels.ts`
 * (export `createLinuxLabels(): FileLabels`). Until that backend is present, labels are reported
 * unavailable rather than pretended.
 */
async function loadLabels(): Promise<FileLabels> {
  try {
    // A literal specifier: the single executable's bundler (scripts/package) carries the backend.
    const mod = (await import('./labels.js')) as { createLinuxLabels?: () => FileLabels };
    if (typeof mod.createLinuxLabels === 'function') return mod.createLinuxLabels();
  } catch {
    /* absent backend: labels unavailable */
  }
  return NO_LABELS;
}

/** Stable machine identity: systemd's machine-id, else the D-Bus one (hashed by the caller). */
async function machineIdentity(): Promise<string> {
  for (const p of ['/etc/machine-id', '/var/lib/dbus/machine-id']) {
    try {
      const v = (await readFile(p, 'utf8')).trim();
      if (v) return `linux-machine-id:${v}`;
    } catch {
      /* next */
    }
  }
  return `linux-hostname:${hostname()}`;
}

export async function createPlatform(overrides: PlatformOverrides): Promise<Platform> {
  const heldOpens = createHeldOpens();
  return {
    id: 'linux',
    osName: 'linux',
    osVersion: () => release(),
    hostname: () => hostname(),
    machineIdentity,
    defaultStateDir: () => '/var/lib/custos-agent',
    machinePolicy: createJsonPolicySource(overrides.machinePolicyPath ?? LINUX_POLICY_FILE),
    identity: createSessionIdentity(overrides.sessionsDir ?? '/run/systemd/sessions'),
    removable: createSysfsRemovable({
      sysfsRoot: overrides.sysfsRoot ?? '/sys',
      mountinfoPath: overrides.mountinfoPath ?? '/proc/self/mountinfo',
      udevDataDir: '/run/udev/data',
    }),
    files: createFsWatching(),
    capabilities: createLinuxCapabilities(heldOpens),
    heldOpens,
    processDetail: createProcessDetail(),
    session: {
      socketPath: () => sessionSocketPath(),
      listen: listenUnix,
      connect: connectUnix,
      openDesktop: openLinuxDesktop,
    },
    service: createStderrServiceHooks(),
    labels: await loadLabels(),
    network: createLinuxNetwork({
      sysfsRoot: overrides.sysfsRoot ?? '/sys',
      resolvedNetifDir: overrides.resolvedNetifDir ?? '/run/systemd/resolve/netif',
      resolvConf: overrides.resolvConfPath ?? '/etc/resolv.conf',
    }),
    deviceKeys: createLinuxDeviceKeys(),
    restrictNewFiles: () => {
      process.umask(0o077);
    },
    releaseFreedMemory,
    releaseStartPages,
    installedService: () => findInstalledService(),
  };
}
