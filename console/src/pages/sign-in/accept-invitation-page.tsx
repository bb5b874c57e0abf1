import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { LanguagePicker } from '../../ui/language-picker.js';
import { takeFragment } from './fragment.js';
import { NewPasswordForm } from './new-password-form.js';

/** `/accept-invitation#<invitation>`: choose a password; the answer is a session (as login). */
export function AcceptInvitationPage() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [invitation] = useState(takeFragment);
  return (
    <main id="main" className="narrow">
      <LanguagePicker />
      {invitation ? (
        <NewPasswordForm
          title={t('invite.title')}
          intro={t('invite.intro')}
          submitLabel={t('invite.submit')}
          invalidMessage={t('invite.invalid')}
          onSubmit={async (password) => {
            await call(api.POST('/api/v1/auth/accept-invitation', { body: { invitation, password } }));
            await queryClient.resetQueries();
            await navigate({ to: '/overview' });
          }}
        />
      ) : (
        <Alert kind="error">{t('invite.invalid')}</Alert>
      )}
    </main>
  );
}
