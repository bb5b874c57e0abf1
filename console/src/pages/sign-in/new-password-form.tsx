import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { fieldErrorOf, messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';

/**
 * A new password twice. The rule is the server's: its 422 sentence on `password` is shown on the
 * field as written (it never repeats the password); the hint only says what the rule covers.
 */
export function NewPasswordForm({
  title,
  intro,
  submitLabel,
  invalidMessage,
  onSubmit,
}: {
  title: string;
  intro?: string;
  submitLabel: string;
  invalidMessage: string;
  onSubmit(password: string): Promise<void>;
}) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setMismatch(password !== repeat);
    if (password !== repeat) return;
    try {
      await onSubmit(password);
    } catch (e) {
      setError(e);
    }
  }

  const fieldError = fieldErrorOf(error, 'password');
  const status = (error as { status?: number } | null)?.status;
  return (
    <form onSubmit={submit} aria-labelledby="password-title">
      <h1 id="password-title">{title}</h1>
      {intro && <p>{intro}</p>}
      {error !== null && !fieldError && (
        <Alert kind="error">{status === 401 ? invalidMessage : messageOf(error)}</Alert>
      )}
      <Field
        label={t('password.new')}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={12}
        hint={t('password.rule')}
        error={fieldError}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Field
        label={t('password.repeat')}
        name="repeat"
        type="password"
        autoComplete="new-password"
        required
        error={mismatch ? t('password.mismatch') : undefined}
        value={repeat}
        onChange={(e) => setRepeat(e.target.value)}
      />
      <button type="submit">{submitLabel}</button>
    </form>
  );
}
