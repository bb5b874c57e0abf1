import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { IdleRule } from './idle-rule.js';
import { ScimTokens } from './scim-tokens.js';
import { SecondFactorRule } from './second-factor-rule.js';

/**
 * `/settings/sign-in`: the second-factor requirement, the idle sign-out time and, with sso:write,
 * the SCIM tokens (document 3).
 */
export function SignInSettingsPage() {
  const t = useT();
  const me = useMe();
  const writer = can(me.data, 'tenant:write');
  return (
    <>
      <h1>{t('signInSettings.title')}</h1>
      {!writer && <p className="hint">{t('signInSettings.readOnly')}</p>}
      <SecondFactorRule writer={writer} />
      <IdleRule writer={writer} />
      {can(me.data, 'sso:write') && <ScimTokens />}
    </>
  );
}
