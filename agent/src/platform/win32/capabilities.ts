import type { ChannelCapability, ConnectionFiltersHealth, PlatformCapabilities } from '../types.js';

/**
 * What the Windows agent can honestly do today: it observes files after the fact (no minifilter
 * driver), so nothing file-side is held or blocked; rule 3 clamps block and quarantine to audit.
 * `notify` is the session channel's (capabilities.ts sets it on observed channels while a helper
 * is connected): the person is told, and what they answer gates nothing. Connection
 * blocking is claimed only while WFP filters are actually in force (`connectionFilters()` is the
 * manager's current health); otherwise the channel is absent with the manager's reason.
 */
export function networkConnectionCapability(health: ConnectionFiltersHealth): ChannelCapability {
  if (health.in_force > 0)
    return {
      observe: true,
      block: true,
      notify: false,
      reason: `Windows Filtering Platform filters in force for ${health.in_force} of ${health.wanted} connection policies (dynamic session)${health.reason ? `; ${health.reason}` : ''}`,
    };
  return {
    observe: false,
    block: false,
    notify: false,
    reason:
      health.wanted === 0
        ? 'no connection policy in force: no filter installed'
        : `no connection filter in force: ${health.reason ?? 'unknown reason'}`,
  };
}

export function createWin32Capabilities(options: {
  connectionFilters: () => ConnectionFiltersHealth;
}): PlatformCapabilities {
  const observed = (reason: string): ChannelCapability => ({
    observe: true,
    block: false,
    notify: false,
    reason,
  });
  const absent = (reason: string): ChannelCapability => ({
    observe: false,
    block: false,
    notify: false,
    reason,
  });
  const afterTheFact = 'seen after the write (directory change notification); nothing can be held or blocked';
  return {
    channels: () => ({
      discovery: observed('scanned on schedule'),
      file_create: observed(afterTheFact),
      file_modify: observed(afterTheFact),
      file_rename: observed(afterTheFact),
      file_delete: observed('raised only for files remembered with findings; cannot be blocked'),
      archive_create: observed(afterTheFact),
      removable_storage: observed('copies onto mounted removable volumes are seen after the write'),
      mobile_device: absent('phones are not detected on Windows (document 2)'),
      optical_disc: absent('optical discs are not detected on Windows (document 2)'),
      bluetooth: absent('Bluetooth transfers are not detected'),
      file_open: absent('file opens are not observed (holding one needs a minifilter driver)'),
      browser_upload: absent('browser uploads are not observed'),
      cloud_sync_folder: absent('cloud sync folders are not recognised'),
      print: absent('printing is not observed'),
      clipboard: absent('the clipboard is not observed'),
      network_connection: networkConnectionCapability(options.connectionFilters()),
      cloud_storage: absent('cloud storage is read by the server, never by an endpoint'),
    }),
    // Rule 7: group scopes apply on Windows (logon-token groups).
    scopeAttributes: () => [
      'user_ids',
      'user_groups',
      'device_ids',
      'agent_groups',
      'operating_systems',
      'channels',
      'sources',
    ],
  };
}
