import { Link } from '@tanstack/react-router';
import { type MessageKey, useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';

interface Answer {
  replayed: boolean;
  counts: {
    updated: number;
    unchanged: number;
    stale: number;
    unavailable: number;
    refused: number;
    total: number;
  };
  items: { id: string; outcome: string; reason: string | null }[];
}

/** What happened to each selected incident: updated, unchanged, stale, unavailable or refused. */
export function BulkOutcomes({ answer, references }: { answer: Answer; references: Map<string, string> }) {
  const t = useT();
  const c = answer.counts;
  return (
    <>
      <Alert kind="info">
        {t('bulk.counts', {
          updated: c.updated,
          unchanged: c.unchanged,
          stale: c.stale,
          unavailable: c.unavailable,
          refused: c.refused,
        })}
        {answer.replayed ? ` ${t('bulk.replayed')}` : ''}
      </Alert>
      <table className="bulk-outcomes">
        <caption>{t('bulk.outcomes')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('col.reference')}</th>
            <th scope="col">{t('bulk.outcome')}</th>
            <th scope="col">{t('bulk.why')}</th>
          </tr>
        </thead>
        <tbody>
          {answer.items.map((i) => (
            <tr key={i.id} data-outcome={i.outcome}>
              <td>
                <Link to="/incidents/$id" params={{ id: i.id }}>
                  {references.get(i.id) ?? i.id}
                </Link>
              </td>
              <td>{t(`bulk.outcome.${i.outcome}` as MessageKey)}</td>
              <td>{i.reason ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
