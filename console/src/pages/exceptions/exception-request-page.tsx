import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { ConfirmDialog } from '../../ui/confirm-dialog.js';
import { messageOf } from '../../ui/errors.js';
import { DecideForm } from './decide-form.js';
import { type ExceptionRequest, stateKey } from './exception-types.js';

/** `/exception-requests/$id`: one request, its decision, and approve / reject / withdraw. */
export function ExceptionRequestPage() {
  const t = useT();
  const me = useMe();
  const { id } = useParams({ from: '/signed-in/exception-requests/$id' });
  const queryClient = useQueryClient();
  const [note, setNote] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const request = useQuery({
    queryKey: ['exception-request', id],
    queryFn: () => call(api.GET('/api/v1/exception-requests/{id}', { params: { path: { id } } })),
  });

  function done(r: ExceptionRequest, message: string) {
    queryClient.setQueryData(['exception-request', id], r);
    void queryClient.invalidateQueries({ queryKey: ['exception-requests'] });
    setNote(message);
  }

  async function withdraw(reason: string) {
    const r = await call(
      api.POST('/api/v1/exception-requests/{id}/withdraw', { params: { path: { id } }, body: { reason } }),
    );
    done(r, t('exception.withdrawn'));
  }

  const prefs = me.data;
  const r = request.data;
  const decider = can(me.data, 'exceptions:decide');
  const inForce =
    r?.state === 'approved' && r.approved_until !== null && Date.parse(r.approved_until) > Date.now();
  return (
    <>
      <p>
        <Link to="/exception-requests">{t('exception.back')}</Link>
      </p>
      {request.isPending && <p className="loading">{t('app.loading')}</p>}
      {request.isError && <Alert kind="error">{messageOf(request.error)}</Alert>}
      {r && (
        <>
          <h1>{`${r.reference} · ${t(stateKey(r.state))}`}</h1>
          {note && <Alert kind="info">{note}</Alert>}
          <section aria-labelledby="exception-details">
            <h2 id="exception-details">{t('exception.details')}</h2>
            <dl className="facts">
              <dt>{t('exceptions.col.subject')}</dt>
              <dd>{r.subject ?? '—'}</dd>
              <dt>{t('exception.device')}</dt>
              <dd>
                <Link to="/agents/$id" params={{ id: r.device_id }}>
                  {r.device_id}
                </Link>
              </dd>
              <dt>{t('exceptions.col.policy')}</dt>
              <dd>{`${r.policy_name ?? r.policy_id} (v${r.policy_version})`}</dd>
              <dt>{t('exception.channel')}</dt>
              <dd>{r.channel}</dd>
              <dt>{t('exception.destination')}</dt>
              <dd>{r.destination ?? '—'}</dd>
              <dt>{t('exceptions.col.file')}</dt>
              <dd>{r.file_name ?? '—'}</dd>
              <dt>{t('exception.fileHash')}</dt>
              <dd>
                <code>{r.file_hash}</code>
              </dd>
              <dt>{t('exception.category')}</dt>
              <dd>{r.category}</dd>
              <dt>{t('exception.justification')}</dt>
              <dd>{r.justification}</dd>
              <dt>{t('exceptions.col.requested')}</dt>
              <dd>{formatDateTime(r.created_at, prefs)}</dd>
              <dt>{t('exceptions.col.lapses')}</dt>
              <dd>{formatDateTime(r.lapses_at, prefs)}</dd>
            </dl>
            {r.identity_unmapped && <Alert kind="info">{t('exception.unmapped')}</Alert>}
          </section>
          {r.decided_at && (
            <section aria-labelledby="exception-decision">
              <h2 id="exception-decision">{t('exception.decision')}</h2>
              <dl className="facts">
                <dt>{t('exception.decidedAt')}</dt>
                <dd>{formatDateTime(r.decided_at, prefs)}</dd>
                <dt>{t('exception.decidedBy')}</dt>
                <dd>{r.decided_by ?? '—'}</dd>
                <dt>{t('exception.note')}</dt>
                <dd>{r.note ?? '—'}</dd>
                <dt>{t('exception.approvedUntil')}</dt>
                <dd>{formatDateTime(r.approved_until, prefs)}</dd>
                {r.closed_at && (
                  <>
                    <dt>{t('exception.closedAt')}</dt>
                    <dd>{formatDateTime(r.closed_at, prefs)}</dd>
                    <dt>{t('exception.closeReason')}</dt>
                    <dd>{r.close_reason ?? '—'}</dd>
                  </>
                )}
              </dl>
            </section>
          )}
          {decider && r.state === 'pending' && (
            <DecideForm
              request={r}
              onDone={(next) =>
                done(
                  next,
                  next.state === 'approved'
                    ? t('exception.approved', { until: formatDateTime(next.approved_until, prefs) })
                    : t('exception.rejected'),
                )
              }
            />
          )}
          {decider && inForce && (
            <p>
              <button type="button" className="secondary" onClick={() => setWithdrawing(true)}>
                {t('exception.withdraw')}
              </button>
            </p>
          )}
          {withdrawing && (
            <ConfirmDialog
              title={t('exception.withdrawTitle', { reference: r.reference })}
              confirmLabel={t('exception.withdraw')}
              withReason
              onConfirm={withdraw}
              onClose={() => setWithdrawing(false)}
            />
          )}
        </>
      )}
    </>
  );
}
