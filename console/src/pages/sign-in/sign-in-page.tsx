import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { ME_KEY } from '../../session/me.js';
import { type SignInNotice, takeNotice } from '../../session/sign-in-notice.js';
import { Alert } from '../../ui/alert.js';
import { LanguagePicker } from '../../ui/language-picker.js';
import { EnrollForm } from './enroll-form.js';
import { FactorForm } from './factor-form.js';
import { PasswordForm } from './password-form.js';
import { RecoveryCodes } from './recovery-codes.js';
import { type Challenge, isChallenge, type LoginAnswer, type Session } from './types.js';

type Step =
  | { step: 'password' }
  | { step: 'second_factor' | 'enrol'; challenge: Challenge }
  | { step: 'recovery'; codes: string[] };

const SSO_ERRORS = new Set([
  'provider_refused',
  'no_access',
  'account_disabled',
  'incomplete_callback',
  'sign_in_failed',
]);

/** `/sign-in`: the whole flow of document 3 (password, second factor or enrolment, codes once). */
export function SignInPage() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<Step>({ step: 'password' });
  const [notice] = useState<SignInNotice | null>(takeNotice);
  const [ssoError] = useState(() => {
    const value = new URLSearchParams(window.location.search).get('sso_error');
    return value && SSO_ERRORS.has(value) ? value : null;
  });

  async function signedIn(session: Session) {
    await queryClient.resetQueries();
    queryClient.removeQueries({ queryKey: ME_KEY });
    if (session.recovery_codes?.length) setState({ step: 'recovery', codes: session.recovery_codes });
    else await navigate({ to: '/overview' });
  }

  // Back from the identity provider: the single-use handoff becomes a session (document 3).
  const [handoffError, setHandoffError] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on arrival.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const handoff = params.get('sso_handoff');
    if (!handoff) return;
    window.history.replaceState(null, '', window.location.pathname);
    call(api.POST('/api/v1/auth/oidc/exchange', { body: { handoff } })).then(
      (session) => void signedIn(session),
      () => setHandoffError(true),
    );
  }, []);

  function onAnswer(answer: LoginAnswer) {
    if (isChallenge(answer)) setState({ step: answer.next, challenge: answer });
    else void signedIn(answer);
  }

  return (
    <main id="main" className="narrow">
      <LanguagePicker />
      {notice === 'idle' && <Alert kind="info">{t('signIn.idle')}</Alert>}
      {notice === 'ended' && <Alert kind="info">{t('signIn.ended')}</Alert>}
      {ssoError && <Alert kind="error">{t('signIn.ssoError', { reason: ssoError })}</Alert>}
      {handoffError && <Alert kind="error">{t('signIn.ssoError', { reason: 'sign_in_failed' })}</Alert>}
      {state.step === 'password' && <PasswordForm onAnswer={onAnswer} />}
      {state.step === 'second_factor' && (
        <FactorForm
          challenge={state.challenge}
          onSession={(s) => void signedIn(s)}
          onRestart={() => setState({ step: 'password' })}
        />
      )}
      {state.step === 'enrol' && (
        <EnrollForm challenge={state.challenge} onSession={(s) => void signedIn(s)} />
      )}
      {state.step === 'recovery' && (
        <RecoveryCodes codes={state.codes} onDone={() => void navigate({ to: '/overview' })} />
      )}
    </main>
  );
}
