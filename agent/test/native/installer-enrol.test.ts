import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/tmp.js';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'dlp-agent.js');

// The MSI's deferred custom action runs `dlp-agent enroll --from-installer`: a failed enrolment
// must leave nothing behind even where no rollback action runs (Wine), and say why (event 3004;
// on Linux the service event is a JSON line on stderr).
function enrol(stateDir: string, extra: string[]) {
  return spawnSync(
    process.execPath,
    [
      BIN,
      'enroll',
      '--server',
      'https://127.0.0.1:9',
      '--token',
      'tok-secret-1',
      '--state-dir',
      stateDir,
      '--key',
      'software',
      ...extra,
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, DLP_AGENT_POLICY_FILE: join(stateDir, '..', 'no-policy.json') },
    },
  );
}

describe('enrol from the installer', () => {
  it('a refused enrolment removes the device key it made and the empty state directory, and says what to do', () => {
    const stateDir = join(tempDir(), 'state');
    const r = enrol(stateDir, ['--from-installer']);
    expect(r.status).toBe(4);
    expect(existsSync(stateDir)).toBe(false);
    expect(r.stderr).toMatch(/"event_id":3004/);
    expect(r.stderr).toContain('installation stopped and rolled back: enrolment failed: server unreachable');
    expect(r.stderr).toContain('run msiexec again');
    expect(r.stderr).not.toContain('tok-secret-1');
  });

  it('without --from-installer the key stays for the next attempt (unchanged behaviour)', () => {
    const stateDir = join(tempDir(), 'state');
    expect(enrol(stateDir, []).status).toBe(4);
    expect(readdirSync(stateDir)).toContain('device-key');
  });
});
