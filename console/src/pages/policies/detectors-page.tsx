import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { type Detector, DetectorForm } from './detector-form.js';
import { labelKey } from './labels.js';
import { PolicySubNav } from './policy-sub-nav.js';

/** `/detectors`: built-in detectors (read-only) and the tenant's own, which it can add and revise. */
export function DetectorsPage() {
  const t = useT();
  const me = useMe();
  const write = can(me.data, 'policies:write');
  const list = useQuery({ queryKey: ['detectors'], queryFn: () => call(api.GET('/api/v1/detectors')) });
  const [editing, setEditing] = useState<Detector | 'new' | null>(null);
  return (
    <>
      <PolicySubNav />
      <h1>{t('det.title')}</h1>
      {list.isError && <Alert kind="error">{messageOf(list.error)}</Alert>}
      {write && editing === null && (
        <button type="button" onClick={() => setEditing('new')}>
          {t('det.new')}
        </button>
      )}
      {editing !== null && (
        <DetectorForm
          key={editing === 'new' ? 'new' : editing.id}
          initial={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <table className="admin" aria-label={t('det.title')}>
        <thead>
          <tr>
            <th scope="col">{t('det.id')}</th>
            <th scope="col">{t('ed.category')}</th>
            <th scope="col">{t('ed.description')}</th>
            <th scope="col">{t('det.validator')}</th>
            <th scope="col">{t('det.confidence')}</th>
            <th scope="col">{t('admin.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {(list.data?.items ?? []).map((d) => (
            <tr key={d.id}>
              <td>{`${d.id} v${d.version}`}</td>
              <td>{t(labelKey('category', d.category))}</td>
              <td>{d.description ?? ''}</td>
              <td>{d.validator ?? t('admin.none')}</td>
              <td>{d.confidence ?? ''}</td>
              <td>
                {d.builtin
                  ? t('pm.builtin')
                  : write && (
                      <button type="button" className="secondary" onClick={() => setEditing(d)}>
                        {t('det.editOne', { id: d.id })}
                      </button>
                    )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
