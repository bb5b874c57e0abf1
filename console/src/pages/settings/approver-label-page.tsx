import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { fieldErrorOf, messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';
import { useSubmit } from '../../ui/use-submit.js';

/**
 * `/settings/approver-label`: who people are told decides their exception requests and pending
 * closes (docs/exception-requests.md). Display only; blank restores the default.
 */
export function ApproverLabelPage() {
  const t = useT();
  const me = useMe();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: ['settings', 'approver-label'],
    queryFn: () => call(api.GET('/api/v1/settings/approver-label')),
  });
  const [label, setLabel] = useState('');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const writer = can(me.data, 'tenant:write');

  useEffect(() => {
    if (current.data) setLabel(current.data.label ?? '');
  }, [current.data]);

  const { error, submit: save } = useSubmit(async () => {
    setNote(null);
    await call(api.POST('/api/v1/settings/approver-label', { body: { label, reason } }));
    await queryClient.invalidateQueries({ queryKey: ['settings', 'approver-label'] });
    setReason('');
    setNote(t('approverLabel.saved'));
  });

  const general = error !== null && !fieldErrorOf(error, 'label') && !fieldErrorOf(error, 'reason');
  return (
    <>
      <h1>{t('approverLabel.title')}</h1>
      <p>{t('approverLabel.intro')}</p>
      {current.isError && <Alert kind="error">{messageOf(current.error)}</Alert>}
      {note && <Alert kind="info">{note}</Alert>}
      {current.data && (
        <form className="admin-form" onSubmit={save} aria-label={t('approverLabel.title')}>
          {general && <Alert kind="error">{messageOf(error)}</Alert>}
          <p>
            {t('approverLabel.shown', { label: current.data.shown_label })}{' '}
            {current.data.updated_at
              ? t('approverLabel.updated', { date: formatDateTime(current.data.updated_at, me.data) })
              : ''}
          </p>
          <Field
            label={t('approverLabel.label')}
            hint={t('approverLabel.hint')}
            maxLength={60}
            readOnly={!writer}
            value={label}
            error={fieldErrorOf(error, 'label')}
            onChange={(e) => setLabel(e.target.value)}
          />
          {writer && (
            <>
              <Field
                label={t('approverLabel.reason')}
                required
                value={reason}
                error={fieldErrorOf(error, 'reason')}
                onChange={(e) => setReason(e.target.value)}
              />
              <button type="submit">{t('approverLabel.save')}</button>
            </>
          )}
        </form>
      )}
    </>
  );
}
