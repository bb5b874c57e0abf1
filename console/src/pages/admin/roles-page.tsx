import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { useStepUp } from '../../session/step-up.js';
import { Alert } from '../../ui/alert.js';
import { ConfirmDialog } from '../../ui/confirm-dialog.js';
import { messageOf } from '../../ui/errors.js';
import { type EditedRole, RoleForm } from './role-form.js';

/**
 * `/roles`: built-in and custom roles with permissions and members; create or edit a custom role
 * (role-form.tsx), retire an unheld one.
 */
export function RolesPage() {
  const t = useT();
  const me = useMe();
  const withStepUp = useStepUp();
  const queryClient = useQueryClient();
  const [note, setNote] = useState<string | null>(null);
  const [retiring, setRetiring] = useState<{ id: string; name: string } | null>(null);
  // null: no form; 'new': the create form; a role: its edit form.
  const [editing, setEditing] = useState<EditedRole | 'new' | null>(null);
  const roles = useQuery({ queryKey: ['roles-list'], queryFn: () => call(api.GET('/api/v1/roles')) });
  const mayRetire = can(me.data, 'users:write');

  async function retire(id: string, reason: string) {
    await withStepUp(() =>
      call(api.POST('/api/v1/roles/{id}/retire', { params: { path: { id } }, body: { reason } })),
    );
    setNote(t('roles.retiredNote'));
    void queryClient.invalidateQueries({ queryKey: ['roles-list'] });
  }

  return (
    <>
      <h1>{t('roles.title')}</h1>
      <p>{t('roles.intro')}</p>
      {note && <Alert kind="info">{note}</Alert>}
      {mayRetire && editing === null && (
        <button type="button" onClick={() => setEditing('new')}>
          {t('roles.create')}
        </button>
      )}
      {editing !== null && (
        <RoleForm
          key={editing === 'new' ? 'new' : editing.id}
          {...(editing === 'new' ? {} : { role: editing })}
          onSaved={(name) => {
            setNote(t(editing === 'new' ? 'roles.createdNote' : 'roles.savedNote', { name }));
            setEditing(null);
            void queryClient.invalidateQueries({ queryKey: ['roles-list'] });
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {roles.isError && <Alert kind="error">{messageOf(roles.error)}</Alert>}
      {roles.data && (
        <>
          <h2>{t('roles.builtIn')}</h2>
          <table className="admin roles" aria-label={t('roles.builtIn')}>
            <thead>
              <tr>
                <th scope="col">{t('roles.col.name')}</th>
                <th scope="col">{t('roles.col.members')}</th>
                <th scope="col">{t('roles.col.permissions')}</th>
              </tr>
            </thead>
            <tbody>
              {roles.data.built_in.map((r) => (
                <tr key={r.id}>
                  <td>{r.name}</td>
                  <td>{r.member_count}</td>
                  <td>{r.permissions.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>{t('roles.custom')}</h2>
          {roles.data.custom.length === 0 && <p>{t('roles.empty')}</p>}
          {roles.data.custom.length > 0 && (
            <table className="admin roles" aria-label={t('roles.custom')}>
              <thead>
                <tr>
                  <th scope="col">{t('roles.col.name')}</th>
                  <th scope="col">{t('roles.col.members')}</th>
                  <th scope="col">{t('roles.col.scope')}</th>
                  <th scope="col">{t('roles.col.permissions')}</th>
                  <th scope="col">{t('roles.col.state')}</th>
                </tr>
              </thead>
              <tbody>
                {roles.data.custom.map((r) => (
                  <tr key={r.id}>
                    <td>{r.name}</td>
                    <td>{r.member_count}</td>
                    <td>
                      {r.incident_scope === null
                        ? t('roles.tenantWide')
                        : t('roles.groups', { count: r.incident_scope.length })}
                    </td>
                    <td>{r.permissions.join(', ')}</td>
                    <td>
                      {r.retired_at ? t('roles.retired') : t('roles.live')}{' '}
                      {!r.retired_at && mayRetire && (
                        <button type="button" onClick={() => setEditing(r)}>
                          {t('roles.edit')}
                        </button>
                      )}{' '}
                      {!r.retired_at && mayRetire && r.member_count === 0 && (
                        <button type="button" onClick={() => setRetiring({ id: r.id, name: r.name })}>
                          {t('roles.retire')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      {retiring && (
        <ConfirmDialog
          title={t('roles.retireTitle', { name: retiring.name })}
          confirmLabel={t('roles.retire')}
          withReason
          onConfirm={(reason) => retire(retiring.id, reason)}
          onClose={() => setRetiring(null)}
        />
      )}
    </>
  );
}
