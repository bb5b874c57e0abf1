import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { ApiError, api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { ConditionBuilder } from './condition-builder.js';
import { ConnectionEditor } from './connection-editor.js';
import { EditorBasics } from './editor-basics.js';
import { ExceptionsEditor } from './exceptions-editor.js';
import { FieldErrorsProvider } from './field-errors.js';
import { useLookups } from './lookups.js';
import { NotificationsEditor } from './notifications-editor.js';
import { PathField } from './path-field.js';
import { draftOf, emptyDraft, type PolicyDraft } from './policy-types.js';
import { RiskEditor } from './risk-editor.js';
import { ScheduleEditor } from './schedule-editor.js';
import { ScopeEditor } from './scope-editor.js';

/** `/policies/new`. */
export function NewPolicyPage() {
  return <PolicyForm initial={emptyDraft()} />;
}

/** `/policies/$id/edit`: a new version starting from the latest one. */
export function EditPolicyPage() {
  const t = useT();
  const { id } = useParams({ from: '/signed-in/policies/$id/edit' });
  const versions = useQuery({
    queryKey: ['policies', id, 'versions'],
    queryFn: () => call(api.GET('/api/v1/policies/{id}/versions', { params: { path: { id } } })),
  });
  if (versions.isError) return <Alert kind="error">{messageOf(versions.error)}</Alert>;
  const latest = versions.data?.at(-1);
  if (!latest) return <p className="loading">{t('app.loading')}</p>;
  return <PolicyForm policyId={id} initial={draftOf(latest)} />;
}

/** The whole model of document 1; a refusal shows each sentence on the field the server names. */
function PolicyForm({ policyId, initial }: { policyId?: string; initial: PolicyDraft }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lookups = useLookups();
  const [draft, setDraft] = useState<PolicyDraft>(initial);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<PolicyDraft>) => setDraft((d) => ({ ...d, ...patch }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const saved = policyId
        ? await call(
            api.POST('/api/v1/policies/{id}/versions', { params: { path: { id: policyId } }, body: draft }),
          )
        : await call(api.POST('/api/v1/policies', { body: draft }));
      await queryClient.invalidateQueries({ queryKey: ['policies'] });
      await navigate({ to: '/policies/$id', params: { id: saved.policy_id } });
    } catch (e) {
      setError(e);
      window.scrollTo(0, 0);
    } finally {
      setBusy(false);
    }
  }

  const details = error instanceof ApiError ? error.body.details : [];
  return (
    <>
      <p>
        {policyId ? (
          <Link to="/policies/$id" params={{ id: policyId }}>
            {t('pol.backToPolicy')}
          </Link>
        ) : (
          <Link to="/policies">{t('pol.back')}</Link>
        )}
      </p>
      <h1>{policyId ? t('ed.titleVersion', { name: initial.name }) : t('pol.new')}</h1>
      {error !== null && (
        <Alert kind="error">
          {messageOf(error)}
          {details.length > 0 && (
            <ul>
              {details.map((d) => (
                <li key={d.field}>{`${d.field}: ${d.message}`}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      <FieldErrorsProvider error={error}>
        <form className="editor" onSubmit={submit} noValidate>
          <EditorBasics draft={draft} set={set} />
          <ScopeEditor
            legend={t('ed.scope')}
            path="scope"
            scope={draft.scope}
            lookups={lookups}
            onScope={(scope) => set({ scope })}
          />
          <fieldset>
            <legend>{t('ed.condition')}</legend>
            <ConditionBuilder
              node={draft.condition}
              path="condition"
              lookups={lookups}
              onNode={(condition) => set({ condition })}
            />
          </fieldset>
          <ExceptionsEditor draft={draft} set={set} lookups={lookups} />
          <RiskEditor draft={draft} set={set} />
          <ScheduleEditor draft={draft} set={set} />
          <NotificationsEditor draft={draft} set={set} lookups={lookups} />
          <ConnectionEditor draft={draft} set={set} />
          <PathField
            label={t('ed.changeReason')}
            hint={t('ed.changeReasonHint')}
            path="change_reason"
            required
            value={draft.change_reason}
            onText={(change_reason) => set({ change_reason })}
          />
          <div className="actions">
            <button type="submit" disabled={busy}>
              {t('ed.save')}
            </button>
          </div>
        </form>
      </FieldErrorsProvider>
    </>
  );
}
