import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, INT_SETTINGS, loadConfig, SETTING_NAMES } from '../src/config.js';

const refuse = (env: Record<string, string>) => {
  try {
    loadConfig(env, '/srv');
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).variable;
  }
  throw new Error('expected a refusal');
};

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({}, '/srv');
    expect(c.dataDir).toBe('/srv/.data');
    expect(c.listen).toEqual({ host: '127.0.0.1', port: 8443 });
    expect(c.opsListen).toEqual({ host: '127.0.0.1', port: 9090 });
    expect(c.databaseUrl).toBeNull();
    expect(c.tls).toBeNull();
    expect(c.auth).toEqual({ maxFailedLogins: 8, lockoutMinutes: 15 });
    expect(c.agent).toEqual({
      ratePerMinute: 60,
      rateBurst: 120,
      rateAlertCooldownMinutes: 15,
      maxBatchEvents: 500,
      deviceCertDays: 90,
      concurrentUploads: 2,
      lateLoopMs: 0,
      sliceIncidents: 500,
    });
    expect(c.quota).toEqual({
      eventsPerHour: 20_000,
      eventBurst: 40_000,
      bytesPerHour: 256 * 1024 * 1024,
      byteBurst: 512 * 1024 * 1024,
      storedEvents: 2_000_000,
    });
    expect(c.incidents.queryTimeoutMs).toBe(30_000);
    // Document 3: a live directory call ends at ten seconds; it may be shortened, never lengthened.
    expect(c.directory.deadlineMs).toBe(10_000);
    expect(INT_SETTINGS.directoryDeadlineMs.max).toBe(10_000);
    expect(c.publicUrl).toBe('https://127.0.0.1:8443');
    expect(c.publicUrlConfigured).toBe(false);
    expect(c.shutdownGraceSeconds).toBe(10);
    expect(loadConfig({ DLP_SHUTDOWN_GRACE_SECONDS: '2' }, '/srv').shutdownGraceSeconds).toBe(2);
    expect(loadConfig({ DLP_PUBLIC_URL: 'https://dlp.example.com' }, '/srv').publicUrlConfigured).toBe(true);
  });

  it('refuses DLP_AGENT_RATE_PER_MINUTE=0 and DLP_AGENT_RATE_BURST=0 (document 2)', () => {
    expect(refuse({ DLP_AGENT_RATE_PER_MINUTE: '0' })).toBe('DLP_AGENT_RATE_PER_MINUTE');
    expect(refuse({ DLP_AGENT_RATE_BURST: '0' })).toBe('DLP_AGENT_RATE_BURST');
  });

  it('refuses every integer setting out of range or not a number, naming it', () => {
    for (const s of Object.values(INT_SETTINGS)) {
      expect(refuse({ [s.name]: String(s.min - 1) })).toBe(s.name);
      expect(refuse({ [s.name]: String(s.max + 1) })).toBe(s.name);
      expect(refuse({ [s.name]: '12abc' })).toBe(s.name);
      expect(refuse({ [s.name]: '-1' })).toBe(s.name);
      expect(loadConfig({ [s.name]: String(s.min) }, '/srv')).toBeDefined();
    }
  });

  it('refuses bad addresses, keys, URLs and half TLS settings', () => {
    expect(refuse({ DLP_LISTEN: '8443' })).toBe('DLP_LISTEN');
    expect(refuse({ DLP_OPS_LISTEN: '127.0.0.1:70000' })).toBe('DLP_OPS_LISTEN');
    expect(refuse({ DLP_DATABASE_URL: 'mysql://x' })).toBe('DLP_DATABASE_URL');
    expect(refuse({ DLP_MASTER_KEY: Buffer.alloc(16).toString('base64') })).toBe('DLP_MASTER_KEY');
    expect(refuse({ DLP_FACTOR_KEY: 'not base64!' })).toBe('DLP_FACTOR_KEY');
    expect(refuse({ DLP_TLS_CERT: '/x.pem' })).toBe('DLP_TLS_KEY');
    expect(refuse({ DLP_TLS_SANS: 'ok.example, bad name' })).toBe('DLP_TLS_SANS');
    expect(refuse({ DLP_PUBLIC_URL: 'http://x.example' })).toBe('DLP_PUBLIC_URL');
    expect(refuse({ DLP_LOG_LEVEL: 'loud' })).toBe('DLP_LOG_LEVEL');
    expect(refuse({ DLP_AGENT_RATE_PER_MINUT: '5' })).toBe('DLP_AGENT_RATE_PER_MINUT');
  });

  it("leaves the agent's DLP_AGENT_ variables alone but checks the server's DLP_AGENT_RATE_ ones", () => {
    expect(loadConfig({ DLP_AGENT_POLICY_FILE: '/etc/x', DLP_TEST_FLAG: '1' }, '/srv')).toBeDefined();
    expect(refuse({ DLP_AGENT_RATE_BURSTS: '5' })).toBe('DLP_AGENT_RATE_BURSTS');
  });

  it('parses IPv6 listeners, SANs and keys', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const c = loadConfig(
      { DLP_LISTEN: '[::1]:0', DLP_TLS_SANS: 'dlp.example.com, 10.0.0.5', DLP_MASTER_KEY: key },
      '/srv',
    );
    expect(c.listen).toEqual({ host: '::1', port: 0 });
    expect(c.tlsSans).toEqual(['dlp.example.com', '10.0.0.5']);
    expect(c.masterKey?.length).toBe(32);
  });

  it('documents every setting in docs/configuration.md', () => {
    const doc = fs.readFileSync(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/configuration.md'),
      'utf8',
    );
    for (const name of SETTING_NAMES) expect(doc, `${name} undocumented`).toContain(`\`${name}\``);
  });
});
