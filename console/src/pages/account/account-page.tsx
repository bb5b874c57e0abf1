import { useT } from '../../i18n/index.js';
import { useMe } from '../../session/me.js';
import { SecondFactorPanel } from './second-factor-panel.js';

/** `/account`: the signed-in person's own settings. */
export function AccountPage() {
  const t = useT();
  const me = useMe();
  return (
    <>
      <h1>{t('account.title')}</h1>
      <p>{me.data?.email}</p>
      <SecondFactorPanel prefs={me.data} />
    </>
  );
}
