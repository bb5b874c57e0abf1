import { useT } from '../i18n/index.js';

/** Previous / next over an offset-paged list, with "Showing a–b of n". */
export function Pager({
  offset,
  limit,
  total,
  onOffset,
}: {
  offset: number;
  limit: number;
  total: number;
  onOffset(offset: number): void;
}) {
  const t = useT();
  return (
    <nav className="pager" aria-label={t('queue.pages')}>
      <button type="button" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - limit))}>
        {t('queue.previous')}
      </button>
      <span>
        {t('queue.page', { from: total === 0 ? 0 : offset + 1, to: Math.min(total, offset + limit), total })}
      </span>
      <button type="button" disabled={offset + limit >= total} onClick={() => onOffset(offset + limit)}>
        {t('queue.next')}
      </button>
    </nav>
  );
}
