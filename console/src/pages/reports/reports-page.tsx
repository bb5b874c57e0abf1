import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { fieldErrorOf, messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';
import { kindKey } from './report-types.js';

/** `/reports`: the tenant's reports, and a new one from a regime template or from scratch. */
export function ReportsPage() {
  const t = useT();
  const me = useMe();
  const reports = useQuery({ queryKey: ['reports'], queryFn: () => call(api.GET('/api/v1/reports')) });
  const templates = useQuery({
    queryKey: ['report-templates'],
    queryFn: () => call(api.GET('/api/v1/report-templates')),
  });
  const canWrite = can(me.data, 'reports:write') || can(me.data, 'reports:schedule');
  return (
    <>
      <h1>{t('reports.title')}</h1>
      {can(me.data, 'incidents:export') && (
        <p>
          <Link to="/reports/export-requests">{t('reports.requests')}</Link>
        </p>
      )}
      {reports.isError && <Alert kind="error">{messageOf(reports.error)}</Alert>}
      {reports.data &&
        (reports.data.items.length === 0 ? (
          <p>{t('reports.empty')}</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">{t('reports.col.name')}</th>
                <th scope="col">{t('reports.col.kind')}</th>
                <th scope="col">{t('reports.col.template')}</th>
                <th scope="col">{t('reports.col.updated')}</th>
              </tr>
            </thead>
            <tbody>
              {reports.data.items.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link to="/reports/$id" params={{ id: r.id }}>
                      {r.name}
                    </Link>
                  </td>
                  <td>{t(kindKey(r.kind))}</td>
                  <td>{templates.data?.items.find((x) => x.id === r.template_id)?.regime ?? '—'}</td>
                  <td>{formatDateTime(r.updated_at, me.data)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      {canWrite && <CreateReport templates={templates.data?.items ?? []} />}
    </>
  );
}

function CreateReport({ templates }: { templates: { id: string; name: string; regime: string }[] }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [template, setTemplate] = useState('');
  const [error, setError] = useState<unknown>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const created = await call(
        api.POST('/api/v1/reports', {
          body: {
            name: name.trim() || (templates.find((x) => x.id === template)?.name ?? ''),
            ...(template ? { template_id: template } : {}),
          },
        }),
      );
      await queryClient.invalidateQueries({ queryKey: ['reports'] });
      await navigate({ to: '/reports/$id', params: { id: created.id } });
    } catch (e) {
      setError(e);
    }
  }

  return (
    <form onSubmit={submit} aria-labelledby="new-report">
      <h2 id="new-report">{t('reports.create')}</h2>
      <div className="field">
        <label htmlFor="report-template">{t('reports.create.template')}</label>
        <select id="report-template" value={template} onChange={(e) => setTemplate(e.target.value)}>
          <option value="">{t('reports.create.blank')}</option>
          {templates.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}
            </option>
          ))}
        </select>
      </div>
      <Field
        label={t('reports.create.name')}
        value={name}
        maxLength={120}
        onChange={(e) => setName(e.target.value)}
        error={fieldErrorOf(error, 'name')}
      />
      {error !== null && !fieldErrorOf(error, 'name') && <Alert kind="error">{messageOf(error)}</Alert>}
      <div className="actions">
        <button type="submit">{t('reports.create.submit')}</button>
      </div>
    </form>
  );
}
