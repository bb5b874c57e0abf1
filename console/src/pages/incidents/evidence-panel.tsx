import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { api, call } from '../../api/client.js';
import { type DisplayPrefs, formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { fieldErrorOf, messageOf } from '../../ui/errors.js';
import { EvidenceFiles } from './evidence-files.js';

/**
 * Evidence access (docs/evidence.md): nothing is fetched until the person states why; the
 * opening lasts one working session, then the stored copies are listed.
 */
export function EvidencePanel({
  incidentId,
  prefs,
  canDownload,
}: {
  incidentId: string;
  prefs?: DisplayPrefs | undefined;
  canDownload: boolean;
}) {
  const t = useT();
  const id = useId();
  const [justification, setJustification] = useState('');
  const open = useMutation({
    mutationFn: (text: string) =>
      call(
        api.POST('/api/v1/incidents/{id}/evidence', {
          params: { path: { id: incidentId } },
          body: { justification: text },
        }),
      ),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    open.mutate(justification);
  }

  const error = fieldErrorOf(open.error, 'justification');
  return (
    <section aria-labelledby={`${id}-title`} className="panel">
      <h2 id={`${id}-title`}>{t('evidence.title')}</h2>
      {open.data ? (
        <>
          <Alert kind="info">
            {t('evidence.opened', { date: formatDateTime(open.data.expires_at, prefs) })}
          </Alert>
          <EvidenceFiles
            incidentId={incidentId}
            justification={justification}
            prefs={prefs}
            canDownload={canDownload}
          />
        </>
      ) : (
        <form onSubmit={submit}>
          <p className="hint" id={`${id}-hint`}>
            {t('evidence.intro')}
          </p>
          {open.isError && !error && <Alert kind="error">{messageOf(open.error)}</Alert>}
          <div className="field">
            <label htmlFor={`${id}-why`}>{t('evidence.justification')}</label>
            <textarea
              id={`${id}-why`}
              value={justification}
              onChange={(e) => setJustification(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
            />
            {error && (
              <p className="error" id={`${id}-error`}>
                {error}
              </p>
            )}
          </div>
          <button type="submit" disabled={open.isPending}>
            {t('evidence.open')}
          </button>
        </form>
      )}
    </section>
  );
}
