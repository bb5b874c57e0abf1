import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { useStepUp } from '../../session/step-up.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { useSubmit } from '../../ui/use-submit.js';
import { IndicatorList, linesOf, listErrors } from './indicator-list.js';

/**
 * `/settings/network-indicators`: the DNS suffixes and IP ranges that make an endpoint corporate
 * (docs/network-indicators.md). Saving replaces both lists and needs `policies:approve` and the
 * `policy_release` step-up; a refused entry is named by its line.
 */
export function NetworkIndicatorsPage() {
  const t = useT();
  const me = useMe();
  const withStepUp = useStepUp();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: ['network-indicators'],
    queryFn: () => call(api.GET('/api/v1/settings/network-indicators')),
  });
  const [dns, setDns] = useState('');
  const [ranges, setRanges] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const writer = can(me.data, 'policies:approve');

  useEffect(() => {
    if (!current.data) return;
    setDns(current.data.dns_suffixes.join('\n'));
    setRanges(current.data.ip_ranges.join('\n'));
  }, [current.data]);

  const { error, submit: save } = useSubmit(async () => {
    setNote(null);
    const saved = await withStepUp(() =>
      call(
        api.POST('/api/v1/settings/network-indicators', {
          body: { dns_suffixes: linesOf(dns), ip_ranges: linesOf(ranges) },
        }),
      ),
    );
    queryClient.setQueryData(['network-indicators'], saved);
    setNote(t('netind.saved', { revision: saved.revision }));
  });

  const dnsErrors = listErrors(error, 'dns_suffixes');
  const rangeErrors = listErrors(error, 'ip_ranges');
  const general = error !== null && dnsErrors.length === 0 && rangeErrors.length === 0;
  return (
    <>
      <h1>{t('netind.title')}</h1>
      <p>{t('netind.intro')}</p>
      {current.isError && <Alert kind="error">{messageOf(current.error)}</Alert>}
      {current.data && (
        <p>
          {current.data.updated_at
            ? t('netind.revision', {
                revision: current.data.revision,
                date: formatDateTime(current.data.updated_at, me.data),
              })
            : t('netind.never')}
        </p>
      )}
      {note && <Alert kind="info">{note}</Alert>}
      {current.data && (
        <form className="admin-form" onSubmit={save} aria-label={t('netind.title')}>
          {general && <Alert kind="error">{messageOf(error)}</Alert>}
          {!writer && <p className="hint">{t('netind.readOnly')}</p>}
          <IndicatorList
            label={t('netind.dns')}
            hint={t('netind.dnsHint')}
            value={dns}
            errors={dnsErrors}
            readOnly={!writer}
            onChange={setDns}
          />
          <IndicatorList
            label={t('netind.ranges')}
            hint={t('netind.rangesHint')}
            value={ranges}
            errors={rangeErrors}
            readOnly={!writer}
            onChange={setRanges}
          />
          {writer && <button type="submit">{t('netind.save')}</button>}
        </form>
      )}
    </>
  );
}
