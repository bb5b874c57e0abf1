/**
 * Device-key signing cost (issue 8: "signatures per second and p99 signing latency for
 * TPM-backed and software keys, so we know the request-rate cost of hardware keys"). Every agent
 * request is signed once (document 2, Agent requests), so sign/s bounds the agent's request rate.
 *
 * Keys measured, each through the DeviceKey interface the transport uses:
 * - software Ed25519 (node:crypto, the `--key software` default),
 * - TPM-backed P-256 on swtpm (a software TPM over loopback TCP: it shows our binding's and the
 *   TPM command path's overhead; a hardware TPM is far slower, tens of milliseconds per ECDSA sign),
 * - for scale, a node:crypto P-256 key (the same algorithm without the TPM).
 * - with CUSTOS_BENCH_TCTI set (e.g. `device:/dev/tpmrm0`), that TPM too.
 * Prints figures; asserts only that signatures verify, never a timing.
 */
import { createPublicKey, verify } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { DeviceKey } from '../src/identity/device-key.js';
import { loadOrCreateSoftwareKey } from '../src/identity/software-key.js';
import { openTpmKey } from '../src/platform/linux/tpm/tpm-key.js';
import { nodeP256Key } from '../test/identity/p256-test-key.js';
import { ensureSwtpm, Swtpm } from '../test/identity/swtpm.js';

/** A canonical string of the size the agent signs (method, path, body hash, id, time, nonce). */
const MESSAGE = new TextEncoder().encode(
  [
    'POST',
    '/api/v1/agent/events',
    'a'.repeat(64),
    '0b7e1c9a-5d7f-4f0e-9c2b-3f1f6d9a8e21',
    '2026-11-22T22:30:00Z',
    '9f86d081884c7d659a2feaa0c55ad015',
  ].join('\u001f'),
);

interface Figures {
  n: number;
  perSecond: number;
  p50: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(key: DeviceKey, n: number): Promise<Figures> {
  for (let i = 0; i < Math.min(50, n); i++) await key.sign(MESSAGE); // warm-up
  const latencies: number[] = [];
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    await key.sign(MESSAGE);
    latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  const totalMs = Number(process.hrtime.bigint() - start) / 1e6;
  latencies.sort((a, b) => a - b);
  return {
    n,
    perSecond: (n / totalMs) * 1000,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

function report(label: string, f: Figures): void {
  console.log(
    `${label.padEnd(44)} ${f.perSecond.toFixed(0).padStart(7)} sign/s   p50 ${f.p50.toFixed(3)} ms   p99 ${f.p99.toFixed(3)} ms   (n=${f.n})`,
  );
}

function verifiesWith(key: DeviceKey, sig: Uint8Array): boolean {
  const raw = Buffer.from(key.publicKey());
  if (key.algorithm === 'ed25519') {
    const pub = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') },
      format: 'jwk',
    });
    return verify(null, MESSAGE, pub, sig);
  }
  const pub = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  return verify('sha256', MESSAGE, { key: pub, dsaEncoding: 'ieee-p1363' }, sig);
}

test('device-key signing: sign/s and p99 latency, software and TPM-backed', async () => {
  const stateDir = await mkdtemp(join(tmpdir(), 'custos-bench-sign-'));
  try {
    console.log(
      `device-key signing, ${MESSAGE.length}-byte canonical string, sequential awaits (one request at a time)`,
    );
    const soft = await loadOrCreateSoftwareKey(stateDir, true);
    expect(verifiesWith(soft, await soft.sign(MESSAGE))).toBe(true);
    report('software Ed25519 (node:crypto)', await measure(soft, 20_000));
    await soft.close();

    const p256 = nodeP256Key();
    expect(verifiesWith(p256, await p256.sign(MESSAGE))).toBe(true);
    report('software P-256 (node:crypto, for scale)', await measure(p256, 20_000));

    // On a machine with a real TPM: CUSTOS_BENCH_TCTI=device:/dev/tpmrm0 npm run bench
    const hardware = process.env['CUSTOS_BENCH_TCTI'];
    if (hardware) {
      const hwDir = await mkdtemp(join(tmpdir(), 'custos-bench-hw-'));
      try {
        const key = await openTpmKey({ stateDir: hwDir, tcti: hardware, create: true });
        try {
          expect(verifiesWith(key, await key.sign(MESSAGE))).toBe(true);
          report(`TPM-backed P-256 (${hardware})`, await measure(key, 200));
        } finally {
          await key.close();
        }
      } finally {
        await rm(hwDir, { recursive: true, force: true });
      }
    }

    const skip = ensureSwtpm();
    if (skip) {
      console.log(`TPM-backed P-256: NOT MEASURED: ${skip}`);
      return;
    }
    const tpm = await Swtpm.start();
    try {
      // Start-up cost: key creation happens once (enrolment); a reload on every agent start.
      let t0 = process.hrtime.bigint();
      const created = await openTpmKey({ stateDir, tcti: tpm.tcti, create: true });
      const createMs = Number(process.hrtime.bigint() - t0) / 1e6;
      await created.close();
      t0 = process.hrtime.bigint();
      const key = await openTpmKey({ stateDir, tcti: tpm.tcti, create: false });
      const reloadMs = Number(process.hrtime.bigint() - t0) / 1e6;
      console.log(
        `TPM-backed P-256 key: create ${createMs.toFixed(1)} ms, reload ${reloadMs.toFixed(1)} ms (swtpm)`,
      );
      try {
        expect(verifiesWith(key, await key.sign(MESSAGE))).toBe(true);
        report('TPM-backed P-256 (swtpm over loopback TCP)', await measure(key, 1_000));
      } finally {
        await key.close();
      }
    } finally {
      await tpm.destroy();
    }
  } finally {
    await rm(stateDir, { recursive: true, force: true });
  }
});
