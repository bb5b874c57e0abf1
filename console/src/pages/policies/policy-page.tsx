import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { DisablePanel } from './disable-panel.js';
import { GroupForm } from './group-form.js';
import { labelKey } from './labels.js';
import { ExportPackageButton } from './package-export.js';
import { usePersonName } from './people.js';
import { PolicySubNav } from './policy-sub-nav.js';
import type { Release } from './policy-types.js';
import { ReleaseWarnings } from './release-warnings.js';
import { VersionActions } from './version-actions.js';
import { VersionPicker } from './version-picker.js';

/** `/policies/$id`: the policy, its lifecycle (who did what, allowed and refused actions), switch. */
export function PolicyPage() {
  const t = useT();
  const me = useMe();
  const name = usePersonName();
  const { id } = useParams({ from: '/signed-in/policies/$id' });
  const [outcome, setOutcome] = useState<{ message: string; release?: Release | undefined } | null>(null);
  const policy = useQuery({
    queryKey: ['policies', id],
    queryFn: () => call(api.GET('/api/v1/policies/{id}', { params: { path: { id } } })),
  });
  const lifecycle = useQuery({
    queryKey: ['policies', id, 'lifecycle'],
    queryFn: () => call(api.GET('/api/v1/policies/{id}/lifecycle', { params: { path: { id } } })),
  });
  const versions = useQuery({
    queryKey: ['policies', id, 'versions'],
    queryFn: () => call(api.GET('/api/v1/policies/{id}/versions', { params: { path: { id } } })),
  });
  const [reading, setReading] = useState<number | null>(null);
  const error = policy.error ?? lifecycle.error;
  if (error) return <Alert kind="error">{messageOf(error)}</Alert>;
  if (!policy.data || !lifecycle.data) return <p className="loading">{t('app.loading')}</p>;
  const p = policy.data;
  const life = lifecycle.data;
  const shown =
    reading ??
    (versions.data?.find((v) => v.status === 'pending_approval') ?? versions.data?.at(-1))?.version ??
    1;
  return (
    <>
      <PolicySubNav />
      <h1>{`${p.display_number} ${p.name}`}</h1>
      <dl className="facts">
        <dt>{t('pol.f.deployment')}</dt>
        <dd>{t(labelKey('deployment', life.deployment))}</dd>
        <dt>{t('pol.col.severity')}</dt>
        <dd>{t(labelKey('severity', p.severity))}</dd>
        <dt>{t('pol.position')}</dt>
        <dd>{p.position}</dd>
        <dt>{t('pol.enforcement')}</dt>
        <dd>{t('pol.enforcementText', p.enforcement_7d)}</dd>
        <dt>{t('pol.record')}</dt>
        <dd>
          {t('pol.recordText', {
            closed: p.record.closed,
            fp: p.record.false_positives,
          })}
          {p.record.needs_review ? ` ${t('pol.attention.needs_review')}` : ''}
        </dd>
      </dl>
      <GroupForm key={p.group ?? ''} policy={p} />
      <p className="actions">
        {can(me.data, 'policies:write') && (
          <Link to="/policies/$id/edit" params={{ id }}>
            {t('pol.newVersion')}
          </Link>
        )}{' '}
        <Link to="/policies/simulate" search={{ policy_id: id }}>
          {t('sim.thisPolicy')}
        </Link>{' '}
        <ExportPackageButton policyId={id} version={shown} fileStem={p.display_number} />
      </p>
      {outcome && (
        <Alert kind="info">
          {outcome.message}
          {outcome.release && <ReleaseWarnings warnings={outcome.release} />}
        </Alert>
      )}
      <h2>{t('pol.lifecycle')}</h2>
      <table className="admin" aria-label={t('pol.lifecycle')}>
        <thead>
          <tr>
            <th scope="col">{t('pol.col.version')}</th>
            <th scope="col">{t('pol.f.status')}</th>
            <th scope="col">{t('pol.col.reason')}</th>
            <th scope="col">{t('pol.col.written')}</th>
            <th scope="col">{t('pol.col.submitter')}</th>
            <th scope="col">{t('pol.col.approver')}</th>
            <th scope="col">{t('pol.col.publisher')}</th>
            <th scope="col">{t('admin.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {[...life.versions].reverse().map((v) => (
            <tr key={v.version}>
              <td>{v.version}</td>
              <td>{t(labelKey('status', v.status))}</td>
              <td>{v.change_reason}</td>
              <td>{`${name(v.author)}, ${formatDateTime(v.created_at, me.data)}`}</td>
              <td>{name(v.submitter)}</td>
              <td>{name(v.approver)}</td>
              <td>{name(v.publisher)}</td>
              <td>
                <VersionActions
                  policyId={id}
                  version={v}
                  lifecycle={life}
                  onOutcome={(message, release) => setOutcome({ message, release })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {versions.data && versions.data.length > 0 && (
        <VersionPicker versions={versions.data} chosen={shown} onChoose={setReading} />
      )}
      <h2>{t('pol.warnings.title')}</h2>
      <ReleaseWarnings warnings={life} />
      <DisablePanel policy={p} onOutcome={(message) => setOutcome({ message })} />
    </>
  );
}
