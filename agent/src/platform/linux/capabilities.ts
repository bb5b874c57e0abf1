import type { ChannelCapability, HeldOpens, PlatformCapabilities } from '../types.js';

const NO_BLOCK = 'the Linux agent observes from user space after the fact; nothing can be held or blocked';
const NO_NOTIFY = 'notices only through a connected session helper (dlp-agent session)';

/**
 * What the Linux agent can honestly do. It sees files after they are written (inotify, discovery
 * walks), so it can observe and never block: document 1, rule 3 then clamps block and quarantine to
 * audit. Channels it cannot see at all are reported absent with the reason.
 */
export function createLinuxCapabilities(
  held: Pick<HeldOpens, 'available' | 'reason'> = { available: false, reason: null },
): PlatformCapabilities {
  const observed = (extra?: string): ChannelCapability => ({
    observe: true,
    block: false,
    notify: false,
    reason: extra ?? `${NO_BLOCK}; ${NO_NOTIFY}`,
  });
  const absent = (reason: string): ChannelCapability => ({
    observe: false,
    block: false,
    notify: false,
    reason,
  });
  return {
    channels: () => ({
      discovery: observed(),
      file_create: observed(),
      file_modify: observed(),
      file_rename: observed(),
      file_delete: observed('raised only for files remembered with findings; cannot be blocked'),
      archive_create: observed(),
      removable_storage: observed(
        'copies onto mounted removable volumes are seen after the write; not blocked',
      ),
      mobile_device: absent('phones (MTP) are not detected on Linux'),
      optical_disc: observed('mounted optical media are listed; burning is not observed'),
      bluetooth: absent('Bluetooth transfers are not detected'),
      file_open: held.available
        ? {
            observe: true,
            block: true,
            notify: false,
            reason: `opens are held (fanotify) in the monitored paths of policies naming file_open; ${NO_NOTIFY}`,
          }
        : absent(`file opens are not observed: ${held.reason ?? 'no fanotify permission events'}`),
      browser_upload: absent('browser uploads are not observed on Linux'),
      cloud_sync_folder: absent('cloud sync folders are not recognised on Linux'),
      print: absent('printing is not observed on Linux'),
      clipboard: absent('the clipboard is not observed on Linux'),
      network_connection: absent('connection filters exist only on Windows'),
      cloud_storage: absent('cloud storage is read by the server, never by an endpoint'),
    }),
    // user_groups is absent on purpose: document 1, rule 7 — the Linux agent supplies no groups.
    scopeAttributes: () => [
      'user_ids',
      'device_ids',
      'agent_groups',
      'operating_systems',
      'channels',
      'sources',
    ],
  };
}
