import { readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { AgentState } from '../service/state.js';
import { RateLimitedError, UnreachableError } from '../transport/errors.js';
import { AGENT_PLATFORM, agentVersion, updatableExecutable } from '../version.js';
import { mayAttempt, readBackoff, recordFailure } from './backoff.js';
import { DownloadRefused, downloadSigned } from './download.js';
import { installerState } from './guard.js';
import { msiexecCommand, startDetached } from './msiexec.js';
import type { UpdateOffer } from './offer.js';
import { clearPending, writePending } from './pending.js';
import { selfUpdateReadiness } from './readiness.js';
import { canRestart, requestRestart } from './restart.js';
import { swapExecutable } from './swap.js';
import { verifyPackage } from './verify-package.js';

let notWritableSaid = false;

export type ApplyOutcome =
  | 'restarting'
  | 'installer_started'
  | 'backing_off'
  | 'refused'
  | 'interrupted'
  | 'unavailable'
  | 'not_for_this_platform';

/** What an update needs besides the agent state: the clock and, on Windows, the installer start. */
export interface ApplyDeps {
  now: () => number;
  startInstaller?: typeof startDetached;
}

/**
 * One offered update (docs/agent-updates.md): download into the state directory, check size and
 * SHA-256, verify the signature exactly as `dlp-agent verify-package` does (Ed25519 over the file
 * against the enrolled policy signing keys), then swap the executable and restart through the
 * service manager (Windows: a detached major-upgrade msiexec). A failure anywhere leaves the
 * running version as it is and backs off.
 */
export async function applyUpdate(s: AgentState, offer: UpdateOffer, deps: ApplyDeps): Promise<ApplyOutcome> {
  const stateDir = s.config.stateDir;
  const exe = updatableExecutable();
  if (!exe || !canRestart()) return 'unavailable';
  if (offer.platform !== AGENT_PLATFORM) return 'not_for_this_platform';
  const windows = AGENT_PLATFORM.startsWith('win-');
  if (windows) {
    const installer = await installerState(stateDir, offer.version, deps.now());
    if (installer === 'in_progress') return 'installer_started';
    if (installer === 'failed')
      s.log('warn', 'agent update: the installer did not start the new version', { version: offer.version });
  }
  if (!mayAttempt(await readBackoff(stateDir), offer.version, deps.now())) return 'backing_off';
  // The executable's real file (the .deb's /usr/bin/dlp-agent is a symlink to it) must sit in a
  // folder this user may write; otherwise its package manager updates it and nothing is downloaded.
  const ready = windows ? null : await selfUpdateReadiness();
  if (ready && !ready.ok) {
    if (!notWritableSaid)
      s.log('warn', 'self-update unavailable: the executable folder is not writable by the service', {
        version: offer.version,
        reason: ready.reason,
      });
    notWritableSaid = true;
    return 'unavailable';
  }
  const file = join(stateDir, 'update', `${offer.release_id}${windows ? '.msi' : '.package'}`);
  const fail = async (reason: string): Promise<ApplyOutcome> => {
    await unlink(file).catch(() => undefined);
    const b = await recordFailure(stateDir, offer.version, reason, deps.now());
    s.log('warn', 'agent update refused; this version keeps running', {
      version: offer.version,
      reason,
      failures: b.failures,
      next_attempt_at: b.next_attempt_at,
    });
    return 'refused';
  };
  s.log('info', 'agent update offered; downloading', { from: agentVersion(), to: offer.version });
  let got: { size: number; sha256: string };
  try {
    got = await downloadSigned(
      s.transport,
      { key: s.key, deviceId: s.enrollment.device_id },
      offer.download_path,
      file,
      offer.size_bytes,
    );
  } catch (err) {
    // The network or the server's rate limit is not the release's fault: tried again at the next
    // check-in, without a back-off (the partial file is gone).
    if (err instanceof UnreachableError || err instanceof RateLimitedError) {
      await unlink(file).catch(() => undefined);
      s.log('warn', 'agent update download interrupted; tried again at the next check-in', {
        version: offer.version,
        error: err.message,
      });
      return 'interrupted';
    }
    return fail(err instanceof DownloadRefused ? err.reason : `download failed: ${(err as Error).message}`);
  }
  if (got.size !== offer.size_bytes || got.sha256 !== offer.sha256)
    return fail('package differs from the announced size or SHA-256');
  const signedBy = verifyPackage(
    await readFile(file),
    Buffer.from(offer.signature_b64, 'base64'),
    s.enrollment.policy_signing_keys,
  );
  if (!signedBy) return fail('no enrolled policy signing key verifies the package signature');
  const deadline = new Date(deps.now() + s.config.updateConfirmSecs * 1000).toISOString();
  const base = { from_version: agentVersion(), to_version: offer.version, executable: exe, deadline };
  if (windows) {
    await writePending(stateDir, { ...base, previous: '', method: 'msiexec' });
    (deps.startInstaller ?? startDetached)(msiexecCommand(file, `${file}.log`, process.env.SystemRoot));
    s.log('info', 'agent update verified; the installer replaces the service', {
      to: offer.version,
      key_id: signedBy,
    });
    return 'installer_started';
  }
  // The marker goes first: a crash after the swap still leaves the new version on trial.
  await writePending(stateDir, { ...base, previous: `${exe}.previous`, method: 'swap' });
  try {
    await swapExecutable(exe, file);
  } catch (err) {
    await clearPending(stateDir);
    return fail(`executable could not be replaced: ${(err as Error).message}`);
  }
  await unlink(file).catch(() => undefined);
  s.log('info', 'agent update verified and installed; restarting', { to: offer.version, key_id: signedBy });
  requestRestart();
  return 'restarting';
}
