import type { UsersTable } from '../../db/foundation-tables.js';

/**
 * The directory row of document 3 (Accounts and roles). `customRoleNames` maps custom-role ids to
 * names (retired roles included); an invitation is `pending` until its seven days pass, then `expired`.
 */
export function directoryRow(user: UsersTable, now: Date, customRoleNames?: ReadonlyMap<string, string>) {
  const invitation =
    user.invitation_hash === null
      ? null
      : user.invitation_expires_at !== null && Date.parse(user.invitation_expires_at) > now.getTime()
        ? 'pending'
        : 'expired';
  return {
    id: user.id,
    email: user.email,
    display_name: user.display_name,
    role: user.role,
    custom_role_id: user.custom_role_id,
    custom_role_name:
      user.custom_role_id === null ? null : (customRoleNames?.get(user.custom_role_id) ?? null),
    status: user.status,
    department: user.department,
    federated: user.federated === 1,
    last_login_at: user.last_login_at,
    created_at: user.created_at,
    invitation,
    invited: user.status === 'invited',
    has_password: user.password_hash !== null,
    locked_until:
      user.locked_until !== null && Date.parse(user.locked_until) > now.getTime() ? user.locked_until : null,
  };
}
