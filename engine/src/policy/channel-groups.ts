import type { PolicyGroup } from './policy-types.js';

/**
 * The group each channel family implies (document 1, group: "`effective_group` is the chosen
 * group or the one its channels imply"). The spec names the groups and the channels, not the
 * mapping; the decisions are written in docs/policies.md ("Effective group").
 */
const CHANNEL_GROUP: Readonly<Record<string, PolicyGroup>> = {
  removable_storage: 'removable_media',
  mobile_device: 'removable_media',
  optical_disc: 'removable_media',
  bluetooth: 'removable_media',
  browser_upload: 'web',
  cloud_storage: 'cloud',
  cloud_sync_folder: 'cloud',
  print: 'print',
  clipboard: 'clipboard',
  // Content at rest: the at-rest family of document 2 (Test-folder rule).
  discovery: 'discovery',
  file_create: 'discovery',
  file_modify: 'discovery',
  file_rename: 'discovery',
  file_delete: 'discovery',
  archive_create: 'discovery',
};

/**
 * The group a policy's channel scope implies: the one group every listed channel belongs to;
 * `other` when the channels span groups, name a channel of no family, or the policy is scoped to
 * no channel (it answers every channel). Never null, so every policy sorts into one group.
 */
export function impliedGroup(channels: readonly string[] | undefined): PolicyGroup {
  const groups = new Set((channels ?? []).map((c) => CHANNEL_GROUP[c] ?? 'other'));
  return groups.size === 1 ? ([...groups][0] as PolicyGroup) : 'other';
}

/** The chosen group (on the policy, else in the version) or the one its channels imply. */
export function effectiveGroup(
  chosen: string | null | undefined,
  channels: readonly string[] | undefined,
): string {
  return chosen ?? impliedGroup(channels);
}
