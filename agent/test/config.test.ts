import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, checkServerUrl, loadConfig } from '../src/config.js';
import { linuxPlatform } from './helpers/platform.js';
import { tempDir } from './helpers/tmp.js';

async function setup(local: object | null, policy: object | null) {
  const stateDir = tempDir();
  const etc = tempDir();
  if (local) writeFileSync(join(stateDir, 'config.json'), JSON.stringify(local));
  const policyPath = join(etc, 'agent-policy.json');
  if (policy) writeFileSync(policyPath, JSON.stringify(policy));
  const platform = await linuxPlatform({ machinePolicyPath: policyPath });
  return { stateDir, platform, policyPath };
}

describe('agent configuration', () => {
  it('machine policy overrides the local config file (document 2)', async () => {
    const { stateDir, platform } = await setup(
      { ServerUrl: 'https://local.example', CheckinIntervalSecs: 120, UploadIntervalSecs: 45 },
      { ServerUrl: 'https://policy.example', CheckinIntervalSecs: 300 },
    );
    const { config } = await loadConfig({ platform, stateDir });
    expect(config.serverUrl).toBe('https://policy.example');
    expect(config.checkinIntervalSecs).toBe(300);
    expect(config.uploadIntervalSecs).toBe(45);
    expect(config.sources.CheckinIntervalSecs).toBe('policy');
    expect(config.sources.UploadIntervalSecs).toBe('config');
    expect(config.requestTimeoutSecs).toBe(30);
  });

  it('takes the state directory from machine policy when the command line names none', async () => {
    const other = tempDir();
    const { platform } = await setup(null, { StateDir: other, QueueCapacity: '5000' });
    const { config } = await loadConfig({ platform });
    expect(config.stateDir).toBe(other);
    expect(config.queueCapacity).toBe(5000);
  });

  it('refuses a ServerUrl that is not https, naming the setting', async () => {
    const { stateDir, platform } = await setup(null, { ServerUrl: 'http://plain.example' });
    await expect(loadConfig({ platform, stateDir })).rejects.toThrow(/ServerUrl must use https/);
    expect(() => checkServerUrl('ftp://x')).toThrow(ConfigError);
    expect(checkServerUrl('https://h.example:8443/')).toBe('https://h.example:8443');
  });

  it('refuses an out-of-range number and an unknown policy value name', async () => {
    const a = await setup(null, { RequestTimeoutSecs: 0 });
    await expect(loadConfig({ platform: a.platform, stateDir: a.stateDir })).rejects.toThrow(
      /RequestTimeoutSecs/,
    );
    const b = await setup(null, { ServerURL: 'https://x' });
    await expect(loadConfig({ platform: b.platform, stateDir: b.stateDir })).rejects.toThrow(
      /unknown value name/,
    );
  });

  it('reads the enrolment token from machine policy only, and never from the local file', async () => {
    const a = await setup(null, { EnrollmentToken: 'tok-1' });
    expect((await loadConfig({ platform: a.platform, stateDir: a.stateDir })).config.enrollmentToken).toBe(
      'tok-1',
    );
    const b = await setup({ EnrollmentToken: 'tok-2' }, null);
    await expect(loadConfig({ platform: b.platform, stateDir: b.stateDir })).rejects.toThrow(
      /unknown setting/,
    );
  });
});
