import { isNativeError, nativeFunction } from '@custos/native';
import type { IdentityApi } from './identity.js';
import { nativeIdentityApi } from './identity.js';
import { soleSignedInSession } from './token-groups.js';

/** The command line that runs `dlp-agent session` with this very executable (and script, under node). */
export function helperCommandLine(
  execPath: string,
  script: string | null,
): { application: string; commandLine: string } {
  const quote = (s: string) => `"${s.replace(/"/g, '')}"`;
  return {
    application: execPath,
    commandLine: [quote(execPath), ...(script ? [quote(script)] : []), 'session'].join(' '),
  };
}

export interface LaunchApi {
  sessions: IdentityApi['consoleSessions'];
  launch(sessionId: number, application: string, commandLine: string): number;
}

export const nativeLaunchApi: LaunchApi = {
  sessions: () => nativeIdentityApi.consoleSessions(),
  launch: (sessionId, application, commandLine) =>
    nativeFunction('sessionLaunch')(sessionId, application, commandLine),
};

/**
 * Starts the session helper in the sole signed-in console session (issue 18: the Windows service
 * starts it with WTSQueryUserToken + CreateProcessAsUser). Nobody, or several people, signed in:
 * nothing is started and the reason says why. `script` is the agent's entry script when it runs
 * under node.exe; null in the single executable.
 */
export function createHelperLauncher(
  script: string | null,
  api: LaunchApi = nativeLaunchApi,
  execPath: string = process.execPath,
): () => Promise<{ pid: number | null; reason: string | null }> {
  return async () => {
    const sole = soleSignedInSession(api.sessions());
    if (sole.sessionId === null) return { pid: null, reason: sole.reason };
    const { application, commandLine } = helperCommandLine(execPath, script);
    try {
      return { pid: api.launch(sole.sessionId, application, commandLine), reason: null };
    } catch (err) {
      const code = isNativeError(err) ? `${err.syscall}: ${err.code}` : (err as Error).message;
      return { pid: null, reason: `the helper could not be started in session ${sole.sessionId} (${code})` };
    }
  };
}
