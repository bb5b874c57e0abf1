/**
 * Issue 19: "every channel the Windows backend claims is backed by a code path the service runs".
 * For each claim the Windows capability report can make (`<channel>.observe`, `<channel>.block`,
 * `scope:<attribute>`), the chain of calls from the running service (`service.ts`) down to the
 * Windows backend. Each link names a file under agent/src and a piece of code it must contain;
 * `agent/test/native/win32-capability-backing.test.ts` fails when a claim has no chain or a link
 * no longer holds. A claim that cannot be backed must be reported absent instead.
 */
export interface BackingLink {
  /** Path under agent/src. */
  file: string;
  /** Code that file must contain (the call that carries the chain one step further). */
  contains: string;
}

const service = (contains: string): BackingLink => ({ file: 'service.ts', contains });
const win = (file: string, contains: string): BackingLink => ({ file: `platform/win32/${file}`, contains });

const LIVE_FILES: BackingLink[] = [
  service('new FileActivitySensor('),
  service('watching: s.platform.files'),
  { file: 'sensors/file-activity.ts', contains: 'this.opts.watching.watch(' },
  win('index.ts', 'files: createWin32Watching()'),
  win('watcher.ts', 'watch(root, { recursive: true'),
];

const DISCOVERY: BackingLink[] = [
  service('discover(this.s, this.pipeline)'),
  { file: 'service/discovery-pass.ts', contains: 'runDiscovery(roots' },
];

const DECISION: BackingLink[] = [
  service('this.pipeline = new DecisionPipeline('),
  { file: 'pipeline.ts', contains: 'decide(' },
];

export const WIN32_CAPABILITY_BACKING: Record<string, BackingLink[]> = {
  'discovery.observe': DISCOVERY,
  'file_create.observe': LIVE_FILES,
  'file_modify.observe': LIVE_FILES,
  'file_rename.observe': LIVE_FILES,
  'archive_create.observe': LIVE_FILES,
  'file_delete.observe': [
    ...LIVE_FILES,
    { file: 'sensors/file-activity.ts', contains: "channel: 'file_delete'" },
  ],
  'removable_storage.observe': [
    ...DISCOVERY,
    { file: 'service/discovery-pass.ts', contains: 's.platform.removable.list()' },
    win('index.ts', 'removable: createWin32Removable()'),
    win('removable.ts', "nativeFunction('listVolumes')"),
  ],
  'network_connection.block': [
    service('syncConnectionFilters(s)'),
    { file: 'service/connection-filters.ts', contains: 'filters.apply(wanted)' },
    win('index.ts', 'connectionFilters,'),
    win('connection-filters.ts', 'this.backend.replace(this.session, rows)'),
    win('connection-filters.ts', "nativeFunction('wfpReplaceFilters')"),
  ],
  'network_connection.observe': [
    service('queueRefusedConnections(s)'),
    { file: 'service/connection-filters.ts', contains: 'connectionFilters?.takeRefused()' },
    win('connection-filters.ts', "nativeFunction('wfpTakeNetEvents')"),
  ],
  'scope:user_ids': [
    ...DECISION,
    { file: 'pipeline.ts', contains: "sid: platform.id === 'win32' ? user.id" },
  ],
  'scope:user_groups': [
    ...DECISION,
    { file: 'pipeline.ts', contains: 'groups: user.groups' },
    win('index.ts', 'identity: createWin32Identity()'),
    win('identity.ts', 'tokenMemberships(token.groups)'),
    win('identity.ts', "nativeFunction('sessionTokenIdentity')"),
  ],
  'scope:device_ids': [...DECISION, { file: 'pipeline.ts', contains: 'device: { id: this.deps.device.id' }],
  'scope:agent_groups': [
    ...DECISION,
    { file: 'pipeline.ts', contains: 'agent_group: this.deps.device.agent_group()' },
  ],
  'scope:operating_systems': [...DECISION, { file: 'pipeline.ts', contains: 'os: platform.osName' }],
  'scope:channels': [...DECISION, { file: 'pipeline.ts', contains: 'channel: obs.channel' }],
  'scope:sources': [...DECISION, { file: 'pipeline.ts', contains: 'source_path: obs.from_path ?? obs.path' }],
};
