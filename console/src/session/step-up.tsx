import {
  createContext,
  type FormEvent,
  type ReactNode,
  useCallback,
  useContext,
  useRef,
  useState,
} from 'react';
import { ApiError, api, call } from '../api/client.js';
import type { paths } from '../api/schema.js';
import { useT } from '../i18n/index.js';
import { Alert } from '../ui/alert.js';
import { messageOf } from '../ui/errors.js';
import { Field } from '../ui/field.js';

type Purpose = NonNullable<
  paths['/api/v1/auth/step-up']['post']['requestBody']
>['content']['application/json']['purpose'];

interface Pending {
  purpose: Purpose;
  resolve(confirmed: boolean): void;
}

/** Runs `action`; when the API asks for a step-up (403 auth.step_up_required), prompts and retries once. */
export type WithStepUp = <T>(action: () => Promise<T>) => Promise<T>;

const Context = createContext<WithStepUp | null>(null);

export function useStepUp(): WithStepUp {
  const value = useContext(Context);
  if (!value) throw new Error('useStepUp outside StepUpProvider');
  return value;
}

export function StepUpProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const withStepUp = useCallback<WithStepUp>(async (action) => {
    try {
      return await action();
    } catch (error) {
      if (!(error instanceof ApiError) || error.body.code !== 'auth.step_up_required') throw error;
      const purpose = error.fieldMessage('purpose') as Purpose | undefined;
      if (!purpose) throw error;
      const confirmed = await new Promise<boolean>((resolve) => setPending({ purpose, resolve }));
      if (!confirmed) throw error;
      return action();
    }
  }, []);
  return (
    <Context.Provider value={withStepUp}>
      {children}
      {pending && (
        <StepUpDialog
          purpose={pending.purpose}
          onDone={(confirmed) => {
            pending.resolve(confirmed);
            setPending(null);
          }}
        />
      )}
    </Context.Provider>
  );
}

/** The recent sign-in confirmation: password, or a second-factor code when enrolled. */
export function StepUpDialog({ purpose, onDone }: { purpose: Purpose; onDone(confirmed: boolean): void }) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<unknown>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const open = useCallback((node: HTMLDialogElement | null) => {
    dialog.current = node;
    if (node && !node.open) node.showModal();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await call(
        api.POST('/api/v1/auth/step-up', {
          body: { purpose, ...(password ? { password } : {}), ...(code ? { code } : {}) },
        }),
      );
      onDone(true);
    } catch (e) {
      setError(e);
    }
  }

  return (
    <dialog ref={open} aria-labelledby="step-up-title" onCancel={() => onDone(false)}>
      <form onSubmit={submit}>
        <h2 id="step-up-title">{t('stepUp.title')}</h2>
        <p>{t('stepUp.intro')}</p>
        {error !== null && <Alert kind="error">{`${t('stepUp.failed')} ${messageOf(error)}`}</Alert>}
        <Field
          label={t('stepUp.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Field
          label={t('stepUp.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <div className="actions">
          <button type="submit">{t('stepUp.submit')}</button>
          <button type="button" className="secondary" onClick={() => onDone(false)}>
            {t('stepUp.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
