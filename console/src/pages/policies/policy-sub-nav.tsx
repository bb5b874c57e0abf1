import { Link } from '@tanstack/react-router';
import './policies.css';
import { useT } from '../../i18n/index.js';

/** The policy pages' own navigation (the main navigation has one Policies link). */
export function PolicySubNav() {
  const t = useT();
  return (
    <nav className="sub-nav" aria-label={t('pol.subnav')}>
      <Link to="/policies">{t('pol.title')}</Link> <Link to="/policies/simulate">{t('sim.title')}</Link>{' '}
      <Link to="/policy-bundles">{t('bun.title')}</Link> <Link to="/prompt-messages">{t('pm.title')}</Link>{' '}
      <Link to="/approved-devices">{t('dev.title')}</Link> <Link to="/classifications">{t('cls.title')}</Link>{' '}
      <Link to="/detectors">{t('det.title')}</Link> <Link to="/fingerprint-corpora">{t('fpc.title')}</Link>{' '}
      <Link to="/policy-settings">{t('pset.title')}</Link>
    </nav>
  );
}
