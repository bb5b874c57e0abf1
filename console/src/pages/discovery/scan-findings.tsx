import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { type MessageKey, useT } from '../../i18n/index.js';
import { useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { Pager } from '../../ui/pager.js';

const PAGE = 50;

/** A scan's findings, most severe first; "high and critical only" is `exposed_only`. */
export function ScanFindings({ scanId, hosts }: { scanId: string; hosts: Map<string, string> }) {
  const t = useT();
  const me = useMe();
  const [exposedOnly, setExposedOnly] = useState(false);
  const [offset, setOffset] = useState(0);
  const findings = useQuery({
    queryKey: ['discovery-scan-findings', scanId, exposedOnly, offset],
    queryFn: () =>
      call(
        api.GET('/api/v1/discovery-scans/{id}/findings', {
          params: { path: { id: scanId }, query: { exposed_only: exposedOnly, limit: PAGE, offset } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="scan-findings">
      <h2 id="scan-findings">{t('dscan.findings')}</h2>
      <label className="check">
        <input
          type="checkbox"
          checked={exposedOnly}
          onChange={(e) => {
            setExposedOnly(e.target.checked);
            setOffset(0);
          }}
        />{' '}
        {t('dscan.exposedOnly')}
      </label>
      {findings.isError && <Alert kind="error">{messageOf(findings.error)}</Alert>}
      {findings.data && findings.data.items.length === 0 && <p>{t('dscan.noFindings')}</p>}
      {findings.data && findings.data.items.length > 0 && (
        <>
          <table data-table="scan-findings">
            <thead>
              <tr>
                <th scope="col">{t('dscan.col.path')}</th>
                <th scope="col">{t('dscan.col.host')}</th>
                <th scope="col">{t('dscan.col.severity')}</th>
                <th scope="col">{t('dscan.col.detectors')}</th>
                <th scope="col">{t('activity.col.time')}</th>
              </tr>
            </thead>
            <tbody>
              {findings.data.items.map((f) => (
                <tr key={f.id} data-severity={f.severity}>
                  <td>{f.path}</td>
                  <td>{hosts.get(f.agent_id) ?? f.agent_id}</td>
                  <td>{t(`severity.${f.severity}` as MessageKey)}</td>
                  <td>{f.detectors.map((d) => `${d.detector_id} (${d.match_count})`).join(', ')}</td>
                  <td>{formatDateTime(f.found_at, me.data)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager offset={offset} limit={PAGE} total={findings.data.total} onOffset={setOffset} />
        </>
      )}
    </section>
  );
}
