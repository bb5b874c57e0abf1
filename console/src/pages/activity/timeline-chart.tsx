import { formatDateTime } from '../../i18n/dates.js';
import { type MessageKey, useT } from '../../i18n/index.js';
import { useMe } from '../../session/me.js';

interface Bucket {
  start: string;
  end: string;
  total: number;
  by_outcome: Record<string, number>;
}

const WIDTH = 720;
const HEIGHT = 160;

/**
 * The timeline as bars (an inline SVG: no chart library in the bundle, no script, nothing the
 * CSP has to allow), each bar split into blocked and the rest, with the same figures in a table
 * for screen readers and for reading exact values.
 */
export function TimelineChart({ bucket, buckets }: { bucket: string; buckets: Bucket[] }) {
  const t = useT();
  const me = useMe();
  const max = Math.max(1, ...buckets.map((b) => b.total));
  const w = WIDTH / Math.max(1, buckets.length);
  const summary = buckets.map((b) => b.total).join(', ');
  return (
    <section aria-labelledby="activity-timeline">
      <h2 id="activity-timeline">{t('activity.timeline')}</h2>
      <p className="hint">{t(`activity.bucket.${bucket}` as MessageKey)}</p>
      <svg
        role="img"
        aria-label={t('activity.timelineLabel', { summary })}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        height={HEIGHT}
        data-chart="timeline"
      >
        {buckets.map((b, i) => {
          const h = (b.total / max) * (HEIGHT - 10);
          const blocked = ((b.by_outcome.blocked ?? 0) / max) * (HEIGHT - 10);
          return (
            <g key={b.start}>
              <title>{`${formatDateTime(b.start, me.data)}: ${b.total}`}</title>
              <rect x={i * w + 1} y={HEIGHT - h} width={Math.max(1, w - 2)} height={h} fill="#4a6fa5" />
              <rect
                x={i * w + 1}
                y={HEIGHT - blocked}
                width={Math.max(1, w - 2)}
                height={blocked}
                fill="#a33a3a"
              />
            </g>
          );
        })}
      </svg>
      <details>
        <summary>{t('activity.timelineTable')}</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('activity.col.bucket')}</th>
              <th scope="col">{t('activity.col.total')}</th>
              <th scope="col">{t('activity.col.blocked')}</th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((b) => (
              <tr key={b.start}>
                <td>{formatDateTime(b.start, me.data)}</td>
                <td>{b.total}</td>
                <td>{b.by_outcome.blocked ?? 0}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
