import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, Outlet, useNavigate } from '@tanstack/react-router';
import { ApiError, api } from '../api/client.js';
import { useT } from '../i18n/index.js';
import { Alert } from '../ui/alert.js';
import { messageOf } from '../ui/errors.js';
import { LanguagePicker } from '../ui/language-picker.js';
import { AdminNav } from './admin-nav.js';
import { HeaderSearch } from './header-search.js';
import { can, useMe } from './me.js';
import { SessionWatch } from './session-watch.js';
import { leaveNotice } from './sign-in-notice.js';

/** Every page behind sign-in: the header, navigation and the page; no session → /sign-in. */
export function SignedInLayout() {
  const t = useT();
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  if (me.isPending) return <p className="loading">{t('app.loading')}</p>;
  if (me.isError) {
    if (me.error instanceof ApiError && me.error.status === 401) {
      if (me.error.body.code === 'auth.session_idle') leaveNotice('idle');
      return <Navigate to="/sign-in" />;
    }
    return <Alert kind="error">{t('app.error', { message: messageOf(me.error) })}</Alert>;
  }

  async function signOut() {
    await api.POST('/api/v1/auth/logout').catch(() => {});
    queryClient.clear();
    await navigate({ to: '/sign-in' });
  }

  return (
    <>
      <SessionWatch />
      <a className="skip" href="#main">
        {t('app.skip')}
      </a>
      <header className="top">
        <span className="brand">{t('app.name')}</span>
        <nav aria-label={t('nav.main')}>
          <Link to="/overview">{t('nav.overview')}</Link>{' '}
          {can(me.data, 'incidents:read') && <Link to="/incidents">{t('nav.incidents')}</Link>}{' '}
          {can(me.data, 'exceptions:read') && <Link to="/exception-requests">{t('nav.exceptions')}</Link>}{' '}
          {can(me.data, 'incidents:read') && <Link to="/reports">{t('nav.reports')}</Link>}{' '}
          {can(me.data, 'incidents:read') && <Link to="/activity">{t('nav.activity')}</Link>}{' '}
          {can(me.data, 'discovery:read') && <Link to="/discovery-scans">{t('nav.discoveryScans')}</Link>}{' '}
          <Link to="/account">{t('nav.account')}</Link> <AdminNav me={me.data} />{' '}
          {can(me.data, 'policies:read') && <Link to="/policies">{t('nav.policies')}</Link>}
        </nav>
        <HeaderSearch />
        <span className="who">{t('nav.signedInAs', { email: me.data.email })}</span>
        <LanguagePicker />
        <button type="button" className="secondary" onClick={() => void signOut()}>
          {t('nav.signOut')}
        </button>
      </header>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}
