import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { ConfirmDialog } from '../../ui/confirm-dialog.js';
import { fieldErrorOf, messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';
import { useSubmit } from '../../ui/use-submit.js';
import { groupRefusal } from './group-in-use.js';
import { GroupRenameDialog } from './group-rename-dialog.js';

interface Target {
  id: string;
  name: string;
}

/** `/agent-groups`: the endpoint groups, with create, rename and retire for `agents:write`. */
export function GroupsPage() {
  const t = useT();
  const me = useMe();
  const queryClient = useQueryClient();
  const [showRetired, setShowRetired] = useState(false);
  const [name, setName] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<Target | null>(null);
  const [retiring, setRetiring] = useState<Target | null>(null);
  const list = useQuery({
    queryKey: ['agent-groups', showRetired],
    queryFn: () =>
      call(api.GET('/api/v1/agent-groups', { params: { query: { include_retired: showRetired } } })),
  });
  // Names for the policies a refusal lists; without policies:read the ids stand.
  const policies = useQuery({
    queryKey: ['policies'],
    queryFn: () => call(api.GET('/api/v1/policies')),
    enabled: can(me.data, 'policies:read'),
    retry: false,
  });
  const policyNames = new Map((policies.data ?? []).map((p) => [p.id, `${p.display_number} ${p.name}`]));
  const writer = can(me.data, 'agents:write');
  const prefs = me.data;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['agent-groups'] });

  const { error: createError, submit: create } = useSubmit(async () => {
    setNote(null);
    const made = await call(api.POST('/api/v1/agent-groups', { body: { name } }));
    setNote(t('groups.created', { name: made.name }));
    setName('');
    refresh();
  });

  async function rename(target: Target, to: string) {
    try {
      await call(
        api.PATCH('/api/v1/agent-groups/{id}', { params: { path: { id: target.id } }, body: { name: to } }),
      );
    } catch (e) {
      throw fieldErrorOf(e, 'name') ? e : groupRefusal(e, t, policyNames);
    }
    setNote(t('groups.renamed', { name: to.trim() }));
    refresh();
  }

  async function retire(target: Target) {
    try {
      await call(api.POST('/api/v1/agent-groups/{id}/retire', { params: { path: { id: target.id } } }));
    } catch (e) {
      throw groupRefusal(e, t, policyNames);
    }
    setNote(t('groups.retired', { name: target.name }));
    refresh();
  }

  const nameError = fieldErrorOf(createError, 'name');
  return (
    <>
      <h1>{t('groups.title')}</h1>
      <p>{t('groups.intro')}</p>
      {note && <Alert kind="info">{note}</Alert>}
      {writer && (
        <form className="admin-form" onSubmit={create} aria-labelledby="group-form-title">
          <h2 id="group-form-title">{t('groups.create')}</h2>
          {createError !== null && !nameError && <Alert kind="error">{messageOf(createError)}</Alert>}
          <Field
            label={t('groups.name')}
            hint={t('groups.nameHint')}
            required
            maxLength={200}
            value={name}
            error={nameError}
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit">{t('groups.submit')}</button>
        </form>
      )}
      <div className="field checkbox">
        <input
          id="show-retired"
          type="checkbox"
          checked={showRetired}
          onChange={(e) => setShowRetired(e.target.checked)}
        />
        <label htmlFor="show-retired">{t('groups.showRetired')}</label>
      </div>
      {list.isError && <Alert kind="error">{messageOf(list.error)}</Alert>}
      {list.data && list.data.items.length === 0 && <p>{t('groups.empty')}</p>}
      {list.data && list.data.items.length > 0 && (
        <table className="admin" aria-label={t('groups.title')}>
          <thead>
            <tr>
              <th scope="col">{t('groups.col.name')}</th>
              <th scope="col">{t('groups.col.agents')}</th>
              <th scope="col">{t('groups.col.created')}</th>
              <th scope="col">{t('groups.col.state')}</th>
              {writer && <th scope="col">{t('admin.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {list.data.items.map((g) => (
              <tr key={g.id}>
                <td>{g.name}</td>
                <td>{g.agent_count}</td>
                <td>{formatDateTime(g.created_at, prefs)}</td>
                <td>
                  {g.retired_at
                    ? t('groups.retiredOn', { date: formatDateTime(g.retired_at, prefs) })
                    : t('groups.active')}
                </td>
                {writer && (
                  <td className="actions-cell">
                    {!g.retired_at && (
                      <>
                        <button
                          type="button"
                          className="secondary"
                          aria-label={t('groups.renameTitle', { name: g.name })}
                          onClick={() => setRenaming({ id: g.id, name: g.name })}
                        >
                          {t('groups.rename')}
                        </button>
                        <button
                          type="button"
                          className="secondary"
                          aria-label={t('groups.retireTitle', { name: g.name })}
                          onClick={() => setRetiring({ id: g.id, name: g.name })}
                        >
                          {t('groups.retire')}
                        </button>
                      </>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {renaming && (
        <GroupRenameDialog
          name={renaming.name}
          onRename={(to) => rename(renaming, to)}
          onClose={() => setRenaming(null)}
        />
      )}
      {retiring && (
        <ConfirmDialog
          title={t('groups.retireTitle', { name: retiring.name })}
          confirmLabel={t('groups.retire')}
          onConfirm={() => retire(retiring)}
          onClose={() => setRetiring(null)}
        >
          <p>{t('groups.retireConfirm', { name: retiring.name })}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
