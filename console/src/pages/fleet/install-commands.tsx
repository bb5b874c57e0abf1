import { useT } from '../../i18n/index.js';
import { CopyText } from '../../ui/copy-text.js';
import { SecretShownOnce } from '../../ui/secret-shown-once.js';

/** Quotes a value for both cmd.exe and a POSIX shell when it holds anything unusual. */
function arg(value: string): string {
  return /^[A-Za-z0-9._~:/@=+-]+$/.test(value) ? value : `"${value.replace(/["\\$`]/g, '\\$&')}"`;
}

/**
 * The commands that install and enrol an agent with a new token, for the server this console is
 * served from (docs/install-linux.md, docs/agent.md; the MSI's SERVERURL / ENROLLTOKEN
 * properties are document 2's route a).
 */
export function installCommands(serverUrl: string, token: string) {
  const server = arg(serverUrl);
  const secret = arg(token);
  return {
    windows: `msiexec /i CustosAgent.msi /qn SERVERURL=${server} ENROLLTOKEN=${secret}`,
    linuxInstall: `sudo installer/install.sh --server ${server} --token ${secret} --ca-file ca.pem`,
    linuxEnroll: `sudo -u custos-agent /opt/custos-agent/bin/dlp-agent enroll --server ${server} --token ${secret} --ca-file ca.pem --state-dir /var/lib/custos-agent`,
  };
}

/** A new enrolment token, shown once with its copyable install commands. */
export function InstallCommands({ token, onDone }: { token: string; onDone(): void }) {
  const t = useT();
  const commands = installCommands(window.location.origin, token);
  return (
    <SecretShownOnce
      headingId="new-token-title"
      label={t('tokens.token')}
      notice={t('tokens.once')}
      secret={token}
      onDone={onDone}
    >
      <CopyText label={t('tokens.windows')} text={commands.windows} />
      <CopyText label={t('tokens.linuxInstall')} text={commands.linuxInstall} />
      <CopyText label={t('tokens.linuxEnroll')} text={commands.linuxEnroll} />
      <p className="hint">{t('tokens.caHint')}</p>
    </SecretShownOnce>
  );
}
