import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { type Classification, ClassificationForm } from './classification-form.js';
import { useLookups } from './lookups.js';
import { PolicySubNav } from './policy-sub-nav.js';

/** `/classifications`: named combinations of detectors, their revisions and on/off switch. */
export function ClassificationsPage() {
  const t = useT();
  const me = useMe();
  const queryClient = useQueryClient();
  const lookups = useLookups();
  const write = can(me.data, 'policies:write');
  const [editing, setEditing] = useState<Classification | 'new' | null>(null);
  const [error, setError] = useState<unknown>(null);
  async function toggle(c: Classification) {
    setError(null);
    try {
      await call(
        api.POST('/api/v1/classifications/{id}/enabled', {
          params: { path: { id: c.classification_id } },
          body: { enabled: !c.enabled },
        }),
      );
      await queryClient.invalidateQueries({ queryKey: ['classifications'] });
    } catch (e) {
      setError(e);
    }
  }
  return (
    <>
      <PolicySubNav />
      <h1>{t('cls.title')}</h1>
      {error !== null && <Alert kind="error">{messageOf(error)}</Alert>}
      {write && editing === null && (
        <button type="button" onClick={() => setEditing('new')}>
          {t('cls.new')}
        </button>
      )}
      {editing !== null && (
        <ClassificationForm
          key={editing === 'new' ? 'new' : editing.classification_id}
          initial={editing === 'new' ? null : editing}
          lookups={lookups}
          onDone={() => setEditing(null)}
        />
      )}
      <table className="admin" aria-label={t('cls.title')}>
        <thead>
          <tr>
            <th scope="col">{t('pol.col.name')}</th>
            <th scope="col">{t('cls.coordinate')}</th>
            <th scope="col">{t('cls.rules')}</th>
            <th scope="col">{t('cls.enabled')}</th>
            <th scope="col">{t('admin.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {lookups.classifications.map((c) => (
            <tr key={c.classification_id}>
              <td>{c.name}</td>
              <td>{`${c.classification_id}@${c.classification_version}#${c.revision}`}</td>
              <td>
                {c.rules
                  .map((r) => `${r.name || r.rule_id}: ${r.elements.map((e) => e.detector_id).join(' + ')}`)
                  .join('; ')}
              </td>
              <td>{c.enabled ? t('admin.yes') : t('admin.no')}</td>
              <td>
                {write && (
                  <>
                    <button type="button" className="secondary" onClick={() => setEditing(c)}>
                      {t('cls.editOne', { name: c.name })}
                    </button>
                    <button type="button" className="secondary" onClick={() => void toggle(c)}>
                      {t(c.enabled ? 'cls.disable' : 'cls.enable', { name: c.name })}
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
