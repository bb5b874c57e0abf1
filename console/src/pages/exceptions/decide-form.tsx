import { type FormEvent, useId, useState } from 'react';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { fieldErrorOf, messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';
import type { ExceptionRequest } from './exception-types.js';

/** Approve (for a number of minutes, at most eight hours) or reject a pending request, with a reason. */
export function DecideForm({
  request,
  onDone,
}: {
  request: ExceptionRequest;
  onDone(r: ExceptionRequest): void;
}) {
  const t = useT();
  const id = useId();
  const [minutes, setMinutes] = useState('60');
  const [note, setNote] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function decide(approve: boolean) {
    setError(null);
    setBusy(true);
    try {
      const body = {
        approve,
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(approve ? { minutes: Number(minutes) || 60 } : {}),
      };
      onDone(
        await call(
          api.POST('/api/v1/exception-requests/{id}/decision', {
            params: { path: { id: request.id } },
            body,
          }),
        ),
      );
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void decide(true);
  };
  const noteError = fieldErrorOf(error, 'note');
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('exception.decide')}</h2>
      <form onSubmit={submit}>
        <Field
          label={t('exception.minutes')}
          hint={t('exception.minutesHint')}
          type="number"
          min={1}
          max={480}
          value={minutes}
          error={fieldErrorOf(error, 'minutes')}
          onChange={(e) => setMinutes(e.target.value)}
        />
        <div className="field">
          <label htmlFor={`${id}-note`}>{t('exception.reason')}</label>
          <textarea
            id={`${id}-note`}
            value={note}
            rows={3}
            aria-describedby={`${id}-note-hint`}
            aria-invalid={noteError ? true : undefined}
            onChange={(e) => setNote(e.target.value)}
          />
          <p className="hint" id={`${id}-note-hint`}>
            {noteError ?? t('exception.reasonHint')}
          </p>
        </div>
        {error !== null && !noteError && <Alert kind="error">{messageOf(error)}</Alert>}
        <div className="actions">
          <button type="submit" disabled={busy}>
            {t('exception.approve')}
          </button>
          <button type="button" className="secondary" disabled={busy} onClick={() => void decide(false)}>
            {t('exception.reject')}
          </button>
        </div>
      </form>
    </section>
  );
}
