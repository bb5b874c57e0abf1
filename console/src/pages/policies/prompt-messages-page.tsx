import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { ConfirmDialog } from '../../ui/confirm-dialog.js';
import { messageOf } from '../../ui/errors.js';
import { labelKey } from './labels.js';
import { PolicySubNav } from './policy-sub-nav.js';
import { type PromptDraft, PromptMessageForm } from './prompt-message-form.js';

/** `/prompt-messages`: the library of notices policies can point to (built-in ones are read-only). */
export function PromptMessagesPage() {
  const t = useT();
  const me = useMe();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['prompt-messages'],
    queryFn: () => call(api.GET('/api/v1/prompt-messages')),
  });
  const [editing, setEditing] = useState<PromptDraft | null>(null);
  const [retiring, setRetiring] = useState<string | null>(null);
  const write = can(me.data, 'policies:write');
  return (
    <>
      <PolicySubNav />
      <h1>{t('pm.title')}</h1>
      {list.isError && <Alert kind="error">{messageOf(list.error)}</Alert>}
      {write && !editing && (
        <button type="button" onClick={() => setEditing({ name: '', action: 'warn', texts: {} })}>
          {t('pm.new')}
        </button>
      )}
      {editing && (
        <PromptMessageForm key={editing.id ?? 'new'} initial={editing} onDone={() => setEditing(null)} />
      )}
      <table className="admin" aria-label={t('pm.title')}>
        <thead>
          <tr>
            <th scope="col">{t('pol.col.name')}</th>
            <th scope="col">{t('pm.action')}</th>
            <th scope="col">{t('pol.col.version')}</th>
            <th scope="col">{t('pm.english')}</th>
            <th scope="col">{t('pm.languages')}</th>
            <th scope="col">{t('admin.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {(list.data?.items ?? []).map((m) => (
            <tr key={m.id}>
              <td>{m.name}</td>
              <td>{t(labelKey('pmAction', m.action))}</td>
              <td>{m.version}</td>
              <td>{m.texts.en}</td>
              <td>{Object.keys(m.texts).join(', ')}</td>
              <td>
                {m.builtin
                  ? t('pm.builtin')
                  : m.retired_at
                    ? t('pm.retired')
                    : write && (
                        <>
                          <button
                            type="button"
                            className="secondary"
                            onClick={() =>
                              setEditing({ id: m.id, name: m.name, action: m.action, texts: m.texts })
                            }
                          >
                            {t('pm.editOne', { name: m.name })}
                          </button>
                          <button type="button" className="danger" onClick={() => setRetiring(m.id)}>
                            {t('pm.retire')}
                          </button>
                        </>
                      )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {retiring && (
        <ConfirmDialog
          title={t('pm.retire')}
          confirmLabel={t('pm.retire')}
          onConfirm={async () => {
            await call(
              api.POST('/api/v1/prompt-messages/{id}/retire', { params: { path: { id: retiring } } }),
            );
            await queryClient.invalidateQueries({ queryKey: ['prompt-messages'] });
          }}
          onClose={() => setRetiring(null)}
        >
          <p>{t('pm.retireText')}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
