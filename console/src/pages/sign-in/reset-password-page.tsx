import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { LanguagePicker } from '../../ui/language-picker.js';
import { takeFragment } from './fragment.js';
import { NewPasswordForm } from './new-password-form.js';

/** `/reset-password#<link>`: a new password; every session ends and none opens (document 3). */
export function ResetPasswordPage() {
  const t = useT();
  const [reset] = useState(takeFragment);
  const [done, setDone] = useState(false);
  return (
    <main id="main" className="narrow">
      <LanguagePicker />
      {done ? (
        <>
          <Alert kind="info">{t('reset.done')}</Alert>
          <Link to="/sign-in">{t('reset.toSignIn')}</Link>
        </>
      ) : reset ? (
        <NewPasswordForm
          title={t('reset.title')}
          submitLabel={t('reset.submit')}
          invalidMessage={t('reset.invalid')}
          onSubmit={async (password) => {
            await call(api.POST('/api/v1/auth/reset-password', { body: { reset, password } }));
            setDone(true);
          }}
        />
      ) : (
        <Alert kind="error">{t('reset.invalid')}</Alert>
      )}
    </main>
  );
}
