import { useT } from '../i18n/index.js';

/** A filter form's two buttons: Apply submits the form, Clear calls `onClear` (every filter off). */
export function FilterActions({ onClear }: { onClear(): void }) {
  const t = useT();
  return (
    <div className="actions">
      <button type="submit">{t('queue.apply')}</button>
      <button type="button" className="secondary" onClick={onClear}>
        {t('queue.clear')}
      </button>
    </div>
  );
}
