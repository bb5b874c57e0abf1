import { useT } from '../../i18n/index.js';

/** The ten recovery codes, shown once; nothing keeps them after this view. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const t = useT();
  return (
    <section aria-labelledby="recovery-title">
      <h1 id="recovery-title">{t('recovery.title')}</h1>
      <p>{t('recovery.intro')}</p>
      <ul className="codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <button type="button" onClick={onDone}>
        {t('recovery.done')}
      </button>
    </section>
  );
}
