import { useT } from '../../i18n/index.js';
import type { Lifecycle } from './policy-types.js';

type Warnings = Pick<Lifecycle, 'coverage_warnings' | 'overlap_warnings'>;

/** Release warnings (document 1): they warn, never refuse; each in the server's own sentence. */
export function ReleaseWarnings({ warnings }: { warnings: Partial<Warnings> }) {
  const t = useT();
  const coverage = warnings.coverage_warnings ?? [];
  const overlap = warnings.overlap_warnings ?? [];
  if (coverage.length === 0 && overlap.length === 0) return <p>{t('pol.warnings.none')}</p>;
  return (
    <ul className="warnings" aria-label={t('pol.warnings.title')}>
      {coverage.map((w, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: warnings have no identity and never reorder
        <li key={`c${i}`}>
          <strong>{w.kind}</strong>: {w.message}
        </li>
      ))}
      {overlap.map((w) => (
        <li key={`o${w.policy_id}${w.kind}`}>
          <strong>{t('pol.warnings.overlap', { number: w.policy_number, name: w.policy_name })}</strong>:{' '}
          {w.message}
        </li>
      ))}
    </ul>
  );
}
