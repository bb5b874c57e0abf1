/** English texts of the agent updates page (spread into the reference catalogue). */
export const agentUpdatesEn = {
  'nav.agentUpdates': 'Agent updates',
  'updates.title': 'Agent updates',
  'updates.intro':
    'Releases are registered on the server with dlp-server release add and signed with your organisation’s key; each endpoint checks that signature before it installs a release. Rollout goes by endpoint group, one group per ring.',
  'updates.releases': 'Releases',
  'updates.noReleases': 'No release is registered yet.',
  'updates.col.version': 'Version',
  'updates.col.platform': 'Platform',
  'updates.col.size': 'Size',
  'updates.col.sha256': 'SHA-256',
  'updates.col.key': 'Signing key',
  'updates.col.added': 'Registered',
  'updates.megabytes': '{mb} MB',
  'updates.rollout': 'Rollout by endpoint group',
  'updates.rolloutIntro':
    'A group with no rule gets no update. A pinned group keeps the version its agents run. A group set to a version gets it at the next check-in; an agent that cannot check in after updating returns to its previous version.',
  'updates.noGroups': 'There are no endpoint groups yet; create one per ring first.',
  'updates.col.group': 'Endpoint group',
  'updates.col.agents': 'Agents',
  'updates.col.rule': 'Rule',
  'updates.ruleFor': 'Rule for {name}',
  'updates.noRule': 'No rule (no update)',
  'updates.pinned': 'Pinned (keep the running version)',
  'updates.toVersion': 'Version {version}',
  'updates.save': 'Save rollout',
  'updates.saved': 'The rollout is saved; endpoints learn of it at their next check-in.',
};
