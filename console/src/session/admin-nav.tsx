import { Link } from '@tanstack/react-router';
import '../admin.css';
import { useT } from '../i18n/index.js';
import { can, type Me } from './me.js';

/**
 * The fleet and administration links the person's permissions allow (from /auth/me); a link
 * whose every route would refuse is not shown. API tokens are everyone's own.
 */
export function AdminNav({ me }: { me: Me }) {
  const t = useT();
  return (
    <>
      {can(me, 'agents:read') && <Link to="/agents">{t('nav.agents')}</Link>}{' '}
      {can(me, 'agents:write') && <Link to="/enrolment-tokens">{t('nav.enrolmentTokens')}</Link>}{' '}
      {can(me, 'users:write') && <Link to="/users">{t('nav.users')}</Link>}{' '}
      {(can(me, 'users:write') || can(me, 'audit:read')) && <Link to="/roles">{t('nav.roles')}</Link>}{' '}
      {can(me, 'users:write') && <Link to="/sessions">{t('nav.sessions')}</Link>}{' '}
      <Link to="/api-tokens">{t('nav.apiTokens')}</Link>{' '}
      {can(me, 'audit:read') && <Link to="/audit">{t('nav.audit')}</Link>}{' '}
      {can(me, 'agents:read') && <Link to="/agent-groups">{t('nav.groups')}</Link>}{' '}
      {can(me, 'agents:read') && <Link to="/agent-updates">{t('nav.agentUpdates')}</Link>}{' '}
      {can(me, 'policies:read') && (
        <Link to="/settings/network-indicators">{t('nav.networkIndicators')}</Link>
      )}{' '}
      {can(me, 'system:read') && <Link to="/settings/sign-in">{t('nav.signInSettings')}</Link>}{' '}
      {(can(me, 'tenant:write') || (can(me, 'policies:write') && can(me, 'directory:read'))) && (
        <Link to="/settings/directory-sources">{t('nav.directorySources')}</Link>
      )}{' '}
      {can(me, 'tenant:manage') && <Link to="/settings/signing-keys">{t('nav.signingKeys')}</Link>}
      {can(me, 'incidents:read') && (
        <>
          <Link to="/settings/incident-closure">{t('nav.closureSettings')}</Link>{' '}
          <Link to="/settings/incident-response">{t('nav.responseSettings')}</Link>{' '}
          <Link to="/settings/test-folders">{t('nav.testFolders')}</Link>{' '}
          <Link to="/settings/approver-label">{t('nav.approverLabel')}</Link>
        </>
      )}{' '}
      {can(me, 'integrations:write') && can(me, 'reports:schedule') && (
        <Link to="/settings/report-delivery">{t('nav.deliveryDestinations')}</Link>
      )}
    </>
  );
}
