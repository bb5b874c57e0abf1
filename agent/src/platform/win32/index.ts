import { hostname, release } from 'node:os';
import { win32 } from 'node:path';
import { nativeFunction } from '@custos/native';
import type { PlatformOverrides } from '../index.js';
import type { Platform } from '../types.js';
import { resolveApplication } from './app-resolution.js';
import { createWin32Capabilities } from './capabilities.js';
import { ConnectionFilterManager } from './connection-filters.js';
import { openWin32Desktop } from './desktop.js';
import { createWin32DeviceKeys } from './device-keys.js';
import { createWin32Identity } from './identity.js';
import { createWin32Labels } from './labels.js';
import { createRegistryPolicySource } from './machine-policy.js';
import { readMarkOfTheWeb } from './mark-of-the-web.js';
import { createWin32Removable } from './removable.js';
import { createWin32ServiceHooks } from './service-hooks.js';
import { createHelperLauncher } from './session-launch.js';
import { connectPipe, listenPipe, SESSION_PIPE, sessionPipeName } from './session-pipe.js';
import { createWin32Watching } from './watcher.js';

export { ConnectionFilterManager } from './connection-filters.js';
export { readMarkOfTheWeb } from './mark-of-the-web.js';
export { watchVolumeChanges } from './removable.js';
export { startServiceDispatcher } from './service-hooks.js';

const APP_PATHS_KEY = 'SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\App Paths';

/** Resolves a connection policy's executable name on this machine (see app-resolution.ts). */
export function resolveApplicationHere(name: string): string[] {
  const appPaths = new Map<string, string>();
  try {
    const registered = nativeFunction('registryGetValue')('HKLM', `${APP_PATHS_KEY}\\${name}`, '');
    if (registered && typeof registered.value === 'string') {
      appPaths.set(name.toLowerCase(), registered.value.replace(/^"|"$/g, ''));
    }
  } catch {
    /* no registration readable: PATH and system folders still apply */
  }
  return resolveApplication(name, {
    systemRoot: process.env.SystemRoot ?? 'C:\\Windows',
    pathDirs: (process.env.Path ?? process.env.PATH ?? '').split(';'),
    appPaths,
  });
}

const PROFILE_LIST = 'SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\ProfileList';

/**
 * The machine's ProgramData folder as the profile list records it, so a service and an installer
 * custom action agree on the state directory whatever their environment says (Wine gives services
 * %ProgramData% = C:\users\Public). Falls back to %ProgramData%.
 */
function programData(): string {
  try {
    const v = nativeFunction('registryGetValue')('HKLM', PROFILE_LIST, 'ProgramData');
    if (v && typeof v.value === 'string' && v.value !== '')
      return v.value.replace(/%([^%]+)%/g, (whole, name: string) => process.env[name] ?? whole);
  } catch {
    /* unreadable: the environment's value */
  }
  return process.env.ProgramData ?? 'C:\\ProgramData';
}

async function machineIdentity(): Promise<string> {
  const guid = nativeFunction('registryGetValue')('HKLM', 'SOFTWARE\\Microsoft\\Cryptography', 'MachineGuid');
  if (guid && typeof guid.value === 'string' && guid.value !== '')
    return `windows-machine-guid:${guid.value}`;
  return `windows-hostname:${hostname()}`;
}

/**
 * The agent's entry script when it runs under node.exe (the helper is started with it); null in
 * the single executable, whose only argument after the executable is the command.
 */
function entryScript(): string | null {
  const first = process.argv[1];
  return first && /\.(c|m)?js$/i.test(first) ? first : null;
}

/**
 * Whether the service and `dlp-agent session` use the session channel: on unless
 * `DLP_AGENT_WINDOWS_SESSION=0` is in the machine environment (docs/agent.md, the off switch).
 */
export function sessionChannelEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.DLP_AGENT_WINDOWS_SESSION !== '0';
}

function windowsSession(): NonNullable<Platform['session']> {
  return {
    socketPath: () => sessionPipeName(),
    listen: listenPipe,
    connect: (address) => connectPipe(address, address === SESSION_PIPE),
    openDesktop: async () => openWin32Desktop(),
    launchHelper: createHelperLauncher(entryScript()),
  };
}

/** The Windows backend; the overrides are Linux fixture hooks and do not apply here. */
export async function createPlatform(_overrides: PlatformOverrides): Promise<Platform> {
  // One manager for the process: the dynamic WFP session (and every filter in it) lives as long as
  // the service; the loop hands it each bundle's connection policies (service/connection-filters.ts).
  const connectionFilters = new ConnectionFilterManager(resolveApplicationHere);
  const labels = createWin32Labels();
  return {
    id: 'win32',
    osName: 'windows',
    osVersion: () => release(),
    hostname: () => hostname(),
    machineIdentity,
    defaultStateDir: () => win32.join(programData(), 'Custos', 'Agent'),
    machinePolicy: createRegistryPolicySource(),
    identity: createWin32Identity(),
    removable: createWin32Removable(),
    files: createWin32Watching(),
    capabilities: createWin32Capabilities({ connectionFilters: () => connectionFilters.health() }),
    connectionFilters,
    service: createWin32ServiceHooks(),
    labels,
    // Mark of the web is a stream too: read only where streams are real (the labels probe).
    markOfTheWeb: (path) => (labels.available ? readMarkOfTheWeb(path) : null),
    deviceKeys: createWin32DeviceKeys(),
    // The state directory's ACLs keep the agent's files private; there is no umask to set.
    restrictNewFiles: () => undefined,
    // No glibc arenas to trim: the Windows heap returns freed pages itself.
    releaseFreedMemory: () => false,
    // Issue 18: the session channel over a named pipe; the service starts the helper itself. It
    // starts after the service reported running, and a failure leaves the service without it
    // (people/service-start.ts). DLP_AGENT_WINDOWS_SESSION=0 turns it off.
    session: sessionChannelEnabled() ? windowsSession() : undefined,
    // `dlp-agent uninstall` does not manage the Windows service; its installer does.
    installedService: () => ({ kind: 'none' }),
  };
}
