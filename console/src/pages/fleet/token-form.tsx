import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { useStepUp } from '../../session/step-up.js';
import { Alert } from '../../ui/alert.js';
import { fieldErrorOf, messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';

/** Makes an enrolment token; more than one use asks for the `enrollment_token` step-up. */
export function TokenForm({ onCreated }: { onCreated(token: string): void }) {
  const t = useT();
  const withStepUp = useStepUp();
  const [maxUses, setMaxUses] = useState('1');
  const [ttl, setTtl] = useState('60');
  const [group, setGroup] = useState('');
  const [error, setError] = useState<unknown>(null);
  const groups = useQuery({
    queryKey: ['agent-groups'],
    queryFn: () => call(api.GET('/api/v1/agent-groups')),
    retry: false,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const made = await withStepUp(() =>
        call(
          api.POST('/api/v1/enrollment-tokens', {
            body: {
              max_uses: Number(maxUses),
              ttl_minutes: Number(ttl),
              ...(group ? { agent_group: group } : {}),
            },
          }),
        ),
      );
      onCreated(made.token);
    } catch (e) {
      setError(e);
    }
  }

  const fieldError = (f: string) => fieldErrorOf(error, f);
  const general =
    error !== null && !fieldError('max_uses') && !fieldError('ttl_minutes') && !fieldError('agent_group');
  return (
    <form className="admin-form" onSubmit={submit} aria-labelledby="token-form-title">
      <h2 id="token-form-title">{t('tokens.create')}</h2>
      {general && <Alert kind="error">{messageOf(error)}</Alert>}
      <Field
        label={t('tokens.maxUses')}
        type="number"
        min={1}
        max={1000}
        required
        value={maxUses}
        error={fieldError('max_uses')}
        onChange={(e) => setMaxUses(e.target.value)}
      />
      <Field
        label={t('tokens.ttl')}
        type="number"
        min={1}
        max={10080}
        required
        hint={t('tokens.ttlHint')}
        value={ttl}
        error={fieldError('ttl_minutes')}
        onChange={(e) => setTtl(e.target.value)}
      />
      <div className="field">
        <label htmlFor="token-group">{t('tokens.group')}</label>
        <select id="token-group" value={group} onChange={(e) => setGroup(e.target.value)}>
          <option value="">{t('admin.none')}</option>
          {(groups.data?.items ?? [])
            .filter((g) => !g.retired_at)
            .map((g) => (
              <option key={g.id} value={g.name}>
                {g.name}
              </option>
            ))}
        </select>
        {fieldError('agent_group') && <p className="error">{fieldError('agent_group')}</p>}
      </div>
      <button type="submit">{t('tokens.submit')}</button>
    </form>
  );
}
