import type { paths } from '../../api/schema.js';
import { type DisplayPrefs, formatDateTime } from '../../i18n/dates.js';
import type { MessageKey } from '../../i18n/en.js';
import { useT } from '../../i18n/index.js';
import { UserActions } from './user-actions.js';

export type UserRow =
  paths['/api/v1/users']['get']['responses'][200]['content']['application/json']['items'][number];

/** The directory: e-mail, name, role, status (invited, locked) and the row's actions. */
export function UsersTable({
  rows,
  prefs,
  selfId,
  onDone,
  onError,
}: {
  rows: UserRow[];
  prefs?: DisplayPrefs | undefined;
  selfId: string;
  onDone(note: string): void;
  onError(error: unknown): void;
}) {
  const t = useT();
  const status = (u: UserRow) => {
    const base = t(`userStatus.${u.status ?? ''}` as MessageKey);
    if (u.invited) return `${base} · ${t('users.pending')}`;
    if (u.locked_until)
      return `${base} · ${t('users.locked', { date: formatDateTime(u.locked_until, prefs) })}`;
    return base;
  };
  return (
    <table className="admin users" aria-label={t('users.title')}>
      <thead>
        <tr>
          <th scope="col">{t('users.col.email')}</th>
          <th scope="col">{t('users.col.name')}</th>
          <th scope="col">{t('users.col.role')}</th>
          <th scope="col">{t('users.col.status')}</th>
          <th scope="col">{t('users.col.lastLogin')}</th>
          <th scope="col">{t('admin.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((u) => (
          <tr key={u.id ?? u.email}>
            <td>{u.email}</td>
            <td>{u.display_name ?? ''}</td>
            <td>{u.custom_role_name ?? u.role}</td>
            <td>{status(u)}</td>
            <td>{u.last_login_at ? formatDateTime(u.last_login_at, prefs) : t('admin.never')}</td>
            <td className="actions-cell">
              <UserActions user={u} selfId={selfId} onDone={onDone} onError={onError} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
