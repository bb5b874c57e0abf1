import { createHash, generateKeyPairSync, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DeviceKey } from '../src/identity/device-key.js';
import {
  canonicalString,
  newNonce,
  rfc3339,
  signRequest,
  UnsignablePathError,
} from '../src/transport/signing.js';

function ed25519Key(): { key: DeviceKey; publicKey: ReturnType<typeof generateKeyPairSync>['publicKey'] } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    publicKey,
    key: {
      algorithm: 'ed25519',
      protection: 'software',
      publicKey: () => new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }).subarray(12)),
      sign: async (m) => new Uint8Array(sign(null, m, privateKey)),
      close: async () => {},
    },
  };
}

describe('document 2 canonical string', () => {
  it('joins method, full path, body SHA-256 hex, device id, timestamp and nonce with U+001F', () => {
    const body = Buffer.from('{"a":1}');
    const s = canonicalString('post', '/api/v1/agent/checkin', body, 'dev-1', '2026-11-22T22:00:00Z', 'n1');
    const hash = createHash('sha256').update(body).digest('hex');
    expect(s).toBe(
      ['POST', '/api/v1/agent/checkin', hash, 'dev-1', '2026-11-22T22:00:00Z', 'n1'].join('\u001f'),
    );
  });

  it('hashes an empty body as the SHA-256 of nothing', () => {
    const s = canonicalString('GET', '/api/v1/agent/policy', new Uint8Array(0), 'd', 't', 'n');
    expect(s.split('\u001f')[2]).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('refuses to sign a path carrying a query or a fragment', () => {
    expect(() =>
      canonicalString('GET', '/api/v1/agent/policy?x=1', new Uint8Array(0), 'd', 't', 'n'),
    ).toThrow(UnsignablePathError);
    expect(() => canonicalString('GET', '/api/v1/agent/policy#f', new Uint8Array(0), 'd', 't', 'n')).toThrow(
      UnsignablePathError,
    );
  });
});

describe('signed request headers', () => {
  it('carry a signature that verifies over the canonical string with the device public key', async () => {
    const { key, publicKey } = ed25519Key();
    const body = Buffer.from('{"batch_id":"b"}');
    const h = await signRequest(
      key,
      'dev-9',
      'POST',
      '/api/v1/agent/events',
      body,
      Date.parse('2026-11-22T22:00:00.700Z'),
    );
    expect(h['x-dlp-device-id']).toBe('dev-9');
    expect(h['x-dlp-timestamp']).toBe('2026-11-22T22:00:00Z');
    expect(h['x-dlp-nonce']).toMatch(/^[0-9a-f]{32}$/);
    const msg = canonicalString(
      'POST',
      '/api/v1/agent/events',
      body,
      'dev-9',
      h['x-dlp-timestamp'],
      h['x-dlp-nonce'],
    );
    expect(verify(null, Buffer.from(msg), publicKey, Buffer.from(h['x-dlp-signature'], 'base64'))).toBe(true);
    const tampered = canonicalString(
      'POST',
      '/api/v1/agent/events',
      Buffer.from('{}'),
      'dev-9',
      h['x-dlp-timestamp'],
      h['x-dlp-nonce'],
    );
    expect(verify(null, Buffer.from(tampered), publicKey, Buffer.from(h['x-dlp-signature'], 'base64'))).toBe(
      false,
    );
  });

  it('uses a fresh 128-bit nonce each time', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => newNonce()));
    expect(seen.size).toBe(1000);
  });

  it('writes RFC 3339 UTC timestamps', () => {
    expect(rfc3339(0)).toBe('1970-01-01T00:00:00Z');
  });
});
