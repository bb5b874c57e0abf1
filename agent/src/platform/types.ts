import type { DeviceKey } from '../identity/device-key.js';
import type { SessionSupport } from './session-types.js';

/**
 * The one seam between the agent and its operating system (DESIGN.md: platform code lives only under
 * platform/<os>/). Every other agent file asks these interfaces. A capability a platform lacks is
 * reported as absent (`null`, `false`, an empty list with a reason), never faked.
 */

/** Document 2, "Agent installation and rollout": the machine policy value names, kept exactly. */
export const MACHINE_POLICY_NAMES = [
  'ServerUrl',
  'EnrollmentToken',
  'StateDir',
  'CheckinIntervalSecs',
  'UploadIntervalSecs',
  'DiscoveryIntervalSecs',
  'RequestTimeoutSecs',
  'QueueCapacity',
  'LogRetainDays',
  'LogMaxBytes',
] as const;
export type MachinePolicyName = (typeof MACHINE_POLICY_NAMES)[number];

/** Raw values as the source holds them (registry REG_SZ / REG_DWORD, JSON string / number). */
export type MachinePolicyValues = Partial<Record<MachinePolicyName, string | number>>;

/** Machine policy: the Windows registry policy key, or /etc/custos/agent-policy.json on Linux. */
export interface MachinePolicySource {
  /** Where the values come from, for `doctor` and log lines (a path or a registry key name). */
  readonly location: string;
  /** Values present; absent source = `{}`. A source that exists but cannot be parsed throws. */
  read(): Promise<MachinePolicyValues>;
  /**
   * `dlp-agent uninstall`: takes the enrolment token out of machine policy so nothing re-enrols the
   * machine (`none` where there was none, or where the source is the administrator's to edit).
   */
  clearEnrollmentToken(): Promise<'removed' | 'none' | 'not_writable'>;
}

/** The person at the console (document 1, rule 7). */
export interface InteractiveUser {
  /** Account name (Linux user name; Windows DOMAIN\\name when known). */
  name: string;
  /** Stable account id: Linux uid as a decimal string, Windows account SID. */
  id: string;
  /**
   * Group memberships from the logon token. `null` means "not supplied": always on Linux, and on
   * Windows when more than one person is signed in (a group-scoped rule then matches nobody).
   */
  groups: { sid: string; name: string | null }[] | null;
}

export interface InteractiveIdentity {
  /** `null` when nobody (or more than one distinct person) is signed in locally. */
  current(): Promise<{ user: InteractiveUser | null; sessions: number; reason: string | null }>;
}

/** Document 2: device classes for external media. */
export type DeviceClass =
  | 'usb_mass_storage'
  | 'memory_card'
  | 'optical_disc'
  | 'mobile_device'
  | 'unclassified';

export interface RemovableVolume {
  /** Where its file system is mounted (the path copies land under). */
  mount_point: string;
  /** Kernel block device (e.g. `sdb1`), or a platform device instance id. */
  device: string;
  device_class: DeviceClass;
  /** Firmware serial; `null` when the device carries none (or is a phone: never identifiable). */
  serial: string | null;
  vendor: string | null;
  model: string | null;
  /** How the class and serial were learnt (`sysfs`, `setupapi` …), for the explanation. */
  source: string;
}

export interface RemovableDevices {
  /** Mounted removable volumes now. An unsupported platform answers `[]` and says so in capabilities. */
  list(): Promise<RemovableVolume[]>;
}

/** A raw change notification: the file-activity sensor turns these into events after a stat. */
export interface RawFileChange {
  path: string;
}

export interface WatchHandle {
  close(): void;
}

export interface FileWatching {
  /** Whether change notification works at all on this host (otherwise the agent polls). */
  readonly available: boolean;
  /** Calls `onChange` for anything that may have changed under `root`; errors go to `onError`. */
  watch(root: string, onChange: (change: RawFileChange) => void, onError: (err: Error) => void): WatchHandle;
}

/** One open waiting for the agent's answer (Linux: fanotify FAN_OPEN_PERM). */
export interface HeldOpen {
  path: string;
  pid: number;
  exe: string | null;
  /**
   * The opened file itself (Linux: fstat and, when small, its bytes through the event's descriptor,
   * read before JavaScript hears of the open); absent or null: stat and read it by path.
   */
  file?: HeldOpenFile | null;
  /** Allows or refuses the open; false when the hold already ended (deadline, group closed). */
  answer(allow: boolean): boolean;
}

export interface HeldOpenFile {
  regular: boolean;
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  /** The whole file, unchanged while read; null when larger than asked or changed meanwhile. */
  content: Buffer | null;
}

export interface HeldOpenGroup {
  /** Holds opens of the regular files directly inside `directory`; throws when it cannot. */
  hold(directory: string): void;
  release(directory: string): void;
  /** Every open still held gets the default answer. */
  close(): void;
}

/** Held opens (issue 18; docs/agent.md, Held opens). */
export interface HeldOpens {
  readonly available: boolean;
  /** Why not, in plain words (capabilities report `file_open` absent with it). */
  readonly reason: string | null;
  /**
   * A group whose unanswered holds get `defaultAllow` after `timeoutMs`; files up to `readBytes`
   * come with their content where the platform can read them at the event (`HeldOpen.file`).
   */
  open(
    timeoutMs: number,
    defaultAllow: boolean,
    onOpen: (open: HeldOpen) => void,
    readBytes?: number,
  ): HeldOpenGroup;
}

/** One channel's honest capability (document 1, rule 3: the endpoint's own report). */
export interface ChannelCapability {
  observe: boolean;
  block: boolean;
  notify: boolean;
  /** Why something is absent, in plain words (shown by `dlp-agent capabilities`). */
  reason?: string;
}

/**
 * The capability matrix sent at enrolment and every check-in. Document 2 leaves its structure
 * open; this shape is ours (docs/agent.md): channels, scope attributes the endpoint can evaluate,
 * feature names that gate policies by agent version.
 */
export interface CapabilityMatrix {
  os: string;
  os_version: string;
  agent_version: string;
  /** The release platform this build is (docs/agent-updates.md): `linux-x64`, `win-x64` … */
  agent_platform: string;
  channels: Record<string, ChannelCapability>;
  scope_attributes: string[];
  features: string[];
}

export interface PlatformCapabilities {
  /** The channels this platform can observe/block/notify, before version features are added. */
  channels(): Record<string, ChannelCapability>;
  /** Scope dimensions the local evaluator can fill (document 1, warning `scope_unevaluable`). */
  scopeAttributes(): string[];
}

/** Document 1, Connection policies: one connection policy in force on this endpoint. */
export interface ConnectionPolicyRule {
  policy_id: string;
  mode: 'allow_only' | 'deny';
  /** Executable file names, never paths. */
  applications: string[];
  destinations: { address: string; ports?: number[] }[];
}

/** Health `connection_filters`: wanted, in force, and the reason when they differ. */
export interface ConnectionFiltersHealth {
  wanted: number;
  in_force: number;
  reason: string | null;
}

/** A connection the endpoint's filters refused (already throttled per application and destination). */
export interface RefusedConnection {
  occurred_at: string;
  /** Executable file name, lower case. */
  application: string;
  address: string;
  port: number;
  /** The connection policies naming that application (attribution for the event). */
  policy_ids: string[];
}

/** Connection filters (Windows: WFP dynamic session). Absent: the platform has none. */
export interface ConnectionFilterControl {
  /** Replaces the whole set; answers the health the check-in reports. Never throws. */
  apply(policies: ConnectionPolicyRule[]): ConnectionFiltersHealth;
  health(): ConnectionFiltersHealth;
  /** Refused connections since the last call. Never throws. */
  takeRefused(): RefusedConnection[];
  close(): void;
}

/** Service plumbing: event log on Windows (3004 enrolment failing, 2001 enrolled), journal on Linux. */
export interface ServiceHooks {
  /** Writes an operator-visible service event. Linux: a line on stderr that the journal keeps. */
  reportEvent(eventId: number, level: 'info' | 'warning' | 'error', message: string): void;
  /** Tells the service manager the agent is up (systemd notify when available; no-op otherwise). */
  notifyReady(): void;
  /**
   * Windows: connects to the service control manager when started by it (stop and shutdown call
   * `onStop`), before enrolment, so the manager does not give up on a service still enrolling.
   * Answers whether this process is a service. Absent on Linux (systemd needs no handshake).
   */
  attach?(onStop: () => void): { isService: boolean; reason: string | null };
  /** Tells the service manager the agent has stopped (after its queue is flushed). */
  stopped?(exitCode: number): void;
  /** Linux: `fn` runs on each "check in now" (SIGHUP, docs/agent.md); returns the unlisten. */
  onCheckInRequest?(fn: () => void): () => void;
  /** Windows service: log lines go to `<stateDir>\logs\agent.log`, rotated by LogMaxBytes, kept LogRetainDays. */
  logToFile?(stateDir: string, limits: { maxBytes: number; retainDays: number }): void;
}

/** File labels (document 1, `file_condition.labels` and `apply_label`). */
export interface FileLabels {
  /** Whether labels can be read on this host at all. */
  readonly available: boolean;
  /** Labels carried by the file; `[]` when none or unsupported. */
  read(path: string): Promise<string[]>;
  /** Adds a label; answers what happened (`written`, `kept_existing`, `unsupported` …). */
  apply(path: string, value: string, replaceExisting: boolean): Promise<string>;
}

/** One network adapter as the location rule needs it (docs/network-indicators.md). */
export interface NetworkAdapter {
  name: string;
  /** Addresses assigned to it (IPv4 and IPv6, without prefix lengths). */
  addresses: string[];
  /** DNS search suffixes the adapter carries. */
  dns_suffixes: string[];
  /** A tunnel (VPN) adapter rather than a physical or bridged one. */
  tunnel: boolean;
}

export interface NetworkFacts {
  /** Adapters that are up and not loopback; `null` when the network cannot be read. */
  adapters(): Promise<NetworkAdapter[] | null>;
}

/** Where a hardware key lives: on Linux a TPM reached through a tpm2-tss TCTI string. */
export interface HardwareKeyOptions {
  stateDir: string;
  /** Linux only; Windows reaches its TPM through the Platform Crypto Provider. */
  tcti: string;
  /** false: only reload an existing key (never create one behind a pinned identity's back). */
  create: boolean;
}

/**
 * Device keys as this platform holds them (issue 8; docs/device-keys.md). `identity/` chooses and
 * pins the key; what differs per operating system is asked here.
 */
export interface DeviceKeySupport {
  /**
   * Whether file mode bits and owners guard the key files (Linux: 0600/0700, owner checked);
   * false where ACLs do and the mode bits Node reports are made up (Windows).
   */
  readonly posixModes: boolean;
  /** Whether the hardware key is reached through a TCTI string that the pin records (Linux). */
  readonly pinsTcti: boolean;
  /** Opens (or creates) the hardware-held P-256 key: tpm2-tss on Linux, the Platform Crypto Provider on Windows. Throws DeviceKeyError. */
  openHardwareKey(options: HardwareKeyOptions): Promise<DeviceKey>;
  /** Whether the TPM answers, creating and touching no key; answers what answered, throws why not. */
  probeHardware(tcti: string): Promise<string>;
  /** Removes hardware-held key material kept outside the state directory (uninstall). */
  removeHardwareKey(stateDir: string): Promise<void>;
}

/** What `dlp-agent uninstall` does with the installed service. */
export interface ServiceControl {
  stop(): Promise<void>;
  start(): Promise<void>;
  disable(): Promise<void>;
}

export type ServiceLookup =
  | { kind: 'none' }
  | { kind: 'managed'; control: ServiceControl }
  /** The service is installed but this process cannot stop it (not root). */
  | { kind: 'not_root' };

export interface Platform {
  /** `process.platform` value this backend serves. */
  readonly id: 'linux' | 'win32';
  /** Operating-system name as scope `operating_systems` uses it. */
  readonly osName: 'linux' | 'windows';
  osVersion(): string;
  hostname(): string;
  /** Stable machine identity; the caller hashes it (document 2: hardware_id is SHA-256 computed locally). */
  machineIdentity(): Promise<string>;
  /** Default state directory when neither policy nor command line names one. */
  defaultStateDir(): string;
  machinePolicy: MachinePolicySource;
  identity: InteractiveIdentity;
  removable: RemovableDevices;
  files: FileWatching;
  capabilities: PlatformCapabilities;
  service: ServiceHooks;
  labels: FileLabels;
  /** Absent where the backend cannot read adapters and DNS suffixes: location is then `unknown`. */
  network?: NetworkFacts;
  deviceKeys: DeviceKeySupport;
  /**
   * Makes every file this process creates from now on owner-only (Linux: umask 077). Windows: the
   * state directory's ACLs do that, nothing to set per process.
   */
  restrictNewFiles(): void;
  /**
   * Hands memory the C allocator holds free back to the operating system (glibc `malloc_trim`);
   * answers whether anything could be asked. Never throws.
   */
  releaseFreedMemory(): boolean;
  /**
   * Gives back the pages of the agent's own executable that start-up touched (Linux: madvise
   * MADV_PAGEOUT); absent where there is no such call. Never throws.
   */
  releaseStartPages?(): { advised_bytes: number; failures: number; error: string | null } | null;
  /** The installed agent service as `dlp-agent uninstall` manages it (`none` when there is none to manage). */
  installedService(): ServiceLookup;
  /** The session channel (issue 18; docs/agent.md, "The session helper"); absent where not built. */
  session?: SessionSupport;
  /** Opens held until the agent decides (Linux fanotify permission events); absent where not built. */
  heldOpens?: HeldOpens;
  /** Connection filters for connection policies (Windows only; elsewhere reported not in force). */
  connectionFilters?: ConnectionFilterControl;
  /** Document 2, `file.mark_of_the_web`; absent where files carry none (Linux). Null: none on this file. */
  markOfTheWeb?(path: string): { zone_id: number; host: string | null; referrer_host: string | null } | null;
  /** Document 2, `process_detail` of the process acting on a file; absent where not built. */
  processDetail?(process: ActingProcess): Promise<ProcessDetail | null>;
}

/** The process a sensor saw acting on a file (Linux: fanotify's pid and the executable it read). */
export interface ActingProcess {
  pid: number;
  /** The executable as the sensor read it at the event; null when the process was already gone. */
  exe: string | null;
}

/** Document 2's `process_detail`; a field the platform cannot tell is null ("not reported"). */
export interface ProcessDetail {
  executable_path: string | null;
  /** SHA-256 of the executable file, 64 lower-case hex digits. */
  executable_hash: string | null;
  signed_publisher: string | null;
  signature: string | null;
  integrity_level: string | null;
}

export * from './session-types.js';
