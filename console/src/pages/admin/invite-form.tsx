import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { CopyText } from '../../ui/copy-text.js';
import { fieldErrorOf, messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';

const FIELDS = ['email', 'role', 'display_name', 'outside_domain_confirmed'];

/** Invites a person with a role; the invitation link is shown once, to be sent by hand. */
export function InviteForm({ onInvited }: { onInvited(): void }) {
  const t = useT();
  const me = useMe();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState('');
  const [outside, setOutside] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [made, setMade] = useState<{ email: string; link: string; expires: string } | null>(null);
  const roles = useQuery({ queryKey: ['roles'], queryFn: () => call(api.GET('/api/v1/users/roles')) });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setMade(null);
    try {
      const answer = await call(
        api.POST('/api/v1/users', {
          body: {
            email,
            role,
            ...(name.trim() ? { display_name: name.trim() } : {}),
            ...(outside ? { outside_domain_confirmed: true } : {}),
          },
        }),
      );
      setMade({
        email,
        link: `${window.location.origin}/accept-invitation#${answer.invitation}`,
        expires: answer.expires_at,
      });
      setEmail('');
      setName('');
      onInvited();
    } catch (e) {
      setError(e);
    }
  }

  const fieldError = (f: string) => fieldErrorOf(error, f);
  const general = error !== null && !FIELDS.some((f) => fieldError(f));
  return (
    <form className="admin-form" onSubmit={submit} aria-labelledby="invite-title">
      <h2 id="invite-title">{t('users.invite')}</h2>
      {made && (
        <>
          <Alert kind="info">
            {t('users.invited', { email: made.email, date: formatDateTime(made.expires, me.data) })}
          </Alert>
          <CopyText label={t('users.link')} text={made.link} />
        </>
      )}
      {general && <Alert kind="error">{messageOf(error)}</Alert>}
      <Field
        label={t('users.email')}
        type="email"
        required
        autoComplete="off"
        value={email}
        error={fieldError('email')}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Field
        label={t('users.name')}
        value={name}
        error={fieldError('display_name')}
        onChange={(e) => setName(e.target.value)}
      />
      <div className="field">
        <label htmlFor="invite-role">{t('users.role')}</label>
        <select
          id="invite-role"
          required
          value={role}
          aria-invalid={fieldError('role') ? true : undefined}
          onChange={(e) => setRole(e.target.value)}
        >
          <option value="" disabled>
            —
          </option>
          {(roles.data?.roles ?? []).map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
        {fieldError('role') && <p className="error">{fieldError('role')}</p>}
      </div>
      <div className="field">
        <label>
          <input type="checkbox" checked={outside} onChange={(e) => setOutside(e.target.checked)} />{' '}
          {t('users.outside')}
        </label>
        {fieldError('outside_domain_confirmed') && (
          <p className="error">{fieldError('outside_domain_confirmed')}</p>
        )}
      </div>
      <button type="submit">{t('users.submit')}</button>
    </form>
  );
}
