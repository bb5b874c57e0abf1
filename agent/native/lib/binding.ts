/**
 * The addon's surface, declared once (node-pty's habit): what each exported function takes and
 * answers. Everything is optional because each OS build exports only its own half; the facade
 * reports per function whether it is present.
 */
import type { NativeError } from './errors.js';

export type WriteMode = 'create' | 'replace' | 'any';

export interface TokenGroup {
  sid: string;
  /** SE_GROUP_* bits as the token holds them. */
  attributes: number;
}

export interface TokenIdentity {
  userSid: string;
  sessionId: number | null;
  groups: TokenGroup[];
}

export interface WtsSession {
  sessionId: number;
  station: string;
  state: string;
  user: string | null;
}

export interface ConsoleSessionList {
  activeConsoleSessionId: number | null;
  sessions: WtsSession[];
}

export interface SidName {
  sid: string;
  name: string;
  domain: string;
  /** SID_NAME_USE */
  type: number;
}

export interface StreamEntry {
  /** As Windows lists it: `:name:$DATA`. */
  name: string;
  size: number;
}

export interface StreamProbeResult {
  /** native: real NTFS streams; emulated: a separate file stands in (Wine); unsupported: refused. */
  kind: 'native' | 'emulated' | 'unsupported' | 'unverified';
  fileSystem: string | null;
  volumeReportsNamedStreams: boolean | null;
  directoryEntries: number;
  listedByFindFirstStream: boolean;
  error?: NativeError;
}

export interface VolumeEntry {
  volume: string;
  driveType: 'removable' | 'fixed' | 'remote' | 'cdrom' | 'ramdisk' | 'no_root' | 'unknown';
  mountPoints: string[];
  /** STORAGE_BUS_TYPE, or null when the device could not be queried (see queryError). */
  busType: number | null;
  removableMedia: boolean | null;
  vendor: string | null;
  product: string | null;
  serial: string | null;
  queryError: NativeError | null;
}

export interface DeviceChange {
  kind: 'arrival' | 'removal';
  source: 'volume' | 'interface';
  drive?: string;
  interfacePath?: string;
}

export interface ServiceControl {
  control: 'stop' | 'shutdown' | 'dispatcher_failed';
  osCode?: number;
}

export interface WfpFilterRow {
  layer: 'v4' | 'v6';
  action: 'permit' | 'block';
  /** 0-15 inside our sublayer; higher wins. */
  weight: number;
  appPath?: string;
  /** Network-order bytes: 4 for v4, 16 for v6. */
  address?: Buffer;
  prefix?: number;
  port?: number;
}

export interface RefusedConnectionRaw {
  timeMs: number;
  ipVersion: 4 | 6;
  remoteAddress: string;
  remotePort: number;
  protocol: number;
  appId: string;
  filterId: number;
}

/** A file closed after writing, with the process that wrote it; `overflow`: events were lost. */
export interface FanotifyChange {
  kind: 'close_write' | 'overflow';
  path: string;
  pid: number;
  /** The writer's executable; null when the process has already exited. */
  exe: string | null;
}

/** An open of a file held by fanotify (FAN_OPEN_PERM) until it is answered or its deadline passes. */
export interface HeldOpenEvent {
  id: number;
  path: string;
  pid: number;
  /** The opener's executable; null when it could not be read. */
  exe: string | null;
  /** fstat of the opened file (the event's own descriptor); null when it failed. */
  file: HeldOpenFile | null;
}

/** The opened file as the addon's reader thread saw it through the event's descriptor. */
export interface HeldOpenFile {
  regular: boolean;
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  /** The whole file, read unchanged, when it is regular and no larger than the group's `readBytes`. */
  content: Buffer | null;
}

/** An event of a session-pipe connection or listener (docs/native.md, "Session channel on Windows"). */
export type SessionPipeEvent =
  | {
      kind: 'connect';
      conn: number;
      /** GetNamedPipeClientProcessId; absent when even that failed (then `refused` says so). */
      pid?: number;
      /** The client token's TokenSessionId and user SID. */
      sessionId?: number;
      userSid?: string;
      /** GetNamedPipeClientSessionId, for the record. */
      pipeSessionId?: number;
      consoleSessionId?: number;
      consoleUserSid?: string;
      /** Why the addon refuses this client (the service answers `refused` and ends it); absent: admitted. */
      refused?: string;
    }
  | { kind: 'data'; conn: number; data: Buffer }
  /** `syscall`/`osCode`: the call that failed and its Windows error, when the end is a failure. */
  | { kind: 'close'; conn: number; reason: string; syscall?: string; osCode?: number }
  /** A failure of the listener (accept, a new instance); `fatal` 1: it accepts nobody any more. */
  | { kind: 'error'; message: string; syscall?: string; osCode?: number; fatal?: number };

/** A native dialog of the session helper. */
export interface DialogSpec {
  kind: 'notice' | 'continue' | 'justify' | 'question';
  title: string;
  text: string;
  reasons?: string[];
  freeText?: boolean;
  minChars?: number;
  /** 0 or absent: no timeout. */
  timeoutMs?: number;
}

export type DialogAnswer =
  | { result: 'ok'; category: string; text: string }
  | { result: 'cancel' | 'timeout' | 'withdrawn' };

export type RegistryHive = 'HKLM' | 'HKCU';

export interface RegistryValue {
  type: 'string' | 'dword' | 'qword' | 'expand_string' | 'multi_string' | 'binary' | 'other';
  value: string | number | string[] | Buffer;
}

export interface NativeBinding {
  abiVersion: number;
  platform: 'linux' | 'win32' | 'other';
  hostInfo?(): { wine: string | null };
  // Linux
  xattrGet?(path: string, name: string): Buffer | null;
  xattrSet?(path: string, name: string, value: Buffer, mode: WriteMode): void;
  xattrList?(path: string): string[];
  xattrRemove?(path: string, name: string): boolean;
  fanotifyWatch?(root: string, callback: (change: FanotifyChange) => void): number;
  fanotifyUnwatch?(id: number): boolean;
  /**
   * A group holding opens; unanswered holds get `defaultAllow` after `timeoutMs` (1-600,000). Regular
   * files up to `readBytes` (0-16 MiB, default 0) are read by the reader thread (`HeldOpenEvent.file`).
   */
  fanotifyHold?(
    timeoutMs: number,
    defaultAllow: boolean,
    callback: (open: HeldOpenEvent) => void,
    readBytes?: number,
  ): number;
  /** Holds (add) or stops holding (remove) opens of the regular files directly inside `directory`. */
  fanotifyHoldMark?(id: number, directory: string, add: boolean): boolean;
  /** False when the hold already ended (deadline passed, group closed). */
  fanotifyHoldAnswer?(id: number, event: number, allow: boolean): boolean;
  /** Closes the group; every open still held gets the default answer. */
  fanotifyHoldClose?(id: number): boolean;
  /** SO_PEERCRED of a connected Unix socket fd: what the kernel recorded at connect(). */
  peerCredentials?(fd: number): { pid: number; uid: number; gid: number };
  /** madvise(MADV_PAGEOUT) on the executable's own read-only mappings; what was advised. */
  pageOutExecutable?(): { advised_bytes: number; failures: number; error: string | null };
  // Windows: identity
  processTokenIdentity?(): TokenIdentity;
  sessionTokenIdentity?(sessionId: number): TokenIdentity;
  consoleSessions?(): ConsoleSessionList;
  lookupSid?(sid: string): Promise<SidName>;
  // Windows: streams
  streamRead?(path: string, stream: string): Buffer | null;
  streamWrite?(path: string, stream: string, value: Buffer, mode: WriteMode): void;
  streamList?(path: string): StreamEntry[];
  streamProbe?(dir: string): StreamProbeResult;
  // Windows: devices
  listVolumes?(): VolumeEntry[];
  diskInterfaces?(): string[];
  watchDevices?(callback: (change: DeviceChange) => void): number;
  unwatchDevices?(id: number): boolean;
  // Windows: service, event log, registry
  reportEvent?(
    source: string,
    level: 'information' | 'warning' | 'error',
    eventId: number,
    message: string,
  ): void;
  serviceStart?(name: string, callback: (control: ServiceControl) => void): void;
  serviceSetStatus?(state: 'running' | 'stopped', exitCode?: number): void;
  registryGetValue?(hive: RegistryHive, subKey: string, value: string): RegistryValue | null;
  // Windows: connection filters
  wfpOpen?(options: { collectNetEvents: boolean }): number;
  wfpClose?(session: number): boolean;
  wfpReplaceFilters?(session: number, rows: WfpFilterRow[]): number;
  wfpTakeNetEvents?(session: number): { events: RefusedConnectionRaw[]; dropped: number };
  wfpAppId?(path: string): string;
  // Windows: the session channel (issue 18)
  /** Serves `\\\\.\\pipe\\…`; throws when the name is already served. Answers the listener id. */
  sessionPipeListen?(name: string, callback: (event: SessionPipeEvent) => void): number;
  sessionPipeStop?(id: number): boolean;
  /** The helper's end; `serverSessionId` 0 means a service holds the pipe. */
  sessionPipeConnect?(
    name: string,
    callback: (event: SessionPipeEvent) => void,
  ): { conn: number; serverPid: number; serverSessionId: number };
  /** False when the connection has ended. */
  sessionPipeWrite?(conn: number, data: Buffer): boolean;
  /** `flush`: after what is queued; otherwise at once. */
  sessionPipeEnd?(conn: number, flush: boolean): boolean;
  /** CreateProcessAsUser in `sessionId` as its signed-in person; answers the pid. */
  sessionLaunch?(sessionId: number, application: string, commandLine: string): number;
  dialogShow?(spec: DialogSpec, callback: (answer: DialogAnswer) => void): number;
  dialogClose?(id: number): boolean;
  dialogTemplate?(spec: DialogSpec): Buffer;
}

export type NativeFunctionName = Exclude<keyof NativeBinding, 'abiVersion' | 'platform'>;

/** Which OS build exports which function (the binding.gyp source conditions). */
export const FUNCTION_PLATFORMS: Record<NativeFunctionName, 'linux' | 'win32'> = {
  hostInfo: 'win32',
  xattrGet: 'linux',
  xattrSet: 'linux',
  xattrList: 'linux',
  xattrRemove: 'linux',
  fanotifyWatch: 'linux',
  fanotifyUnwatch: 'linux',
  fanotifyHold: 'linux',
  fanotifyHoldMark: 'linux',
  fanotifyHoldAnswer: 'linux',
  fanotifyHoldClose: 'linux',
  peerCredentials: 'linux',
  pageOutExecutable: 'linux',
  processTokenIdentity: 'win32',
  sessionTokenIdentity: 'win32',
  consoleSessions: 'win32',
  lookupSid: 'win32',
  streamRead: 'win32',
  streamWrite: 'win32',
  streamList: 'win32',
  streamProbe: 'win32',
  listVolumes: 'win32',
  diskInterfaces: 'win32',
  watchDevices: 'win32',
  unwatchDevices: 'win32',
  reportEvent: 'win32',
  serviceStart: 'win32',
  serviceSetStatus: 'win32',
  registryGetValue: 'win32',
  wfpOpen: 'win32',
  wfpClose: 'win32',
  wfpReplaceFilters: 'win32',
  wfpTakeNetEvents: 'win32',
  wfpAppId: 'win32',
  sessionPipeListen: 'win32',
  sessionPipeStop: 'win32',
  sessionPipeConnect: 'win32',
  sessionPipeWrite: 'win32',
  sessionPipeEnd: 'win32',
  sessionLaunch: 'win32',
  dialogShow: 'win32',
  dialogClose: 'win32',
  dialogTemplate: 'win32',
};

/** Bumped with src/common/addon.cc whenever a function changes shape. */
export const EXPECTED_ABI_VERSION = 2;
