import { createHmac } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns/promises';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { AddressRefused, allowedAddresses, checkUrlShape, type Lookup } from './address-rules.js';

/**
 * One HTTPS POST to a delivery destination (document 2; docs/report-schedules.md, Delivery):
 * the address is checked again at use and the connection goes to the checked address (a name
 * that resolves elsewhere a moment later is not followed); the receiver's certificate must chain
 * to the pinned CA when one is set, else to the system's CAs; redirects are never followed and
 * only a 2xx is a success. `x-svc-signature: sha256=<hex>` is HMAC-SHA256 of the exact body
 * under the destination's secret.
 */
export interface Outgoing {
  url: string;
  secret: string | null;
  caCertificate: string | null;
  body: Buffer;
  contentType: string;
  headers: Record<string, string>;
}

export interface DeliveryResult {
  /** delivered (2xx) | failed (reached, not 2xx, or the connection failed) | refused (address rule) */
  outcome: 'delivered' | 'failed' | 'refused';
  httpStatus: number | null;
  detail: string;
}

export const SIGNATURE_HEADER = 'x-svc-signature';
const TIMEOUT_MS = 15_000;

export const defaultLookup: Lookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export function signatureOf(secret: string, body: Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export async function deliver(out: Outgoing, lookup: Lookup): Promise<DeliveryResult> {
  const url = checkUrlShape(out.url);
  if (typeof url === 'string') return { outcome: 'refused', httpStatus: null, detail: `url ${url}` };
  let addresses: { address: string; family: number }[];
  try {
    addresses = await allowedAddresses(url, lookup);
  } catch (err) {
    if (err instanceof AddressRefused) return { outcome: 'refused', httpStatus: null, detail: err.message };
    throw err;
  }
  const pinned = addresses[0]!;
  // The socket connects to the address checked above, whatever the name resolves to now.
  const fixed: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const headers: Record<string, string> = {
    'content-type': out.contentType,
    'content-length': String(out.body.length),
    'user-agent': 'custos-report-delivery/1',
    ...out.headers,
  };
  if (out.secret !== null) headers[SIGNATURE_HEADER] = signatureOf(out.secret, out.body);
  return new Promise<DeliveryResult>((resolve) => {
    const req = https.request(
      url,
      {
        method: 'POST',
        headers,
        lookup: fixed,
        ...(out.caCertificate ? { ca: out.caCertificate } : {}),
        rejectUnauthorized: true,
        timeout: TIMEOUT_MS,
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        // Nothing of the answer is kept but its status; the body is drained and dropped.
        res.resume();
        res.on('end', () => {
          if (status >= 200 && status < 300)
            resolve({ outcome: 'delivered', httpStatus: status, detail: `answered ${status}` });
          else if (status >= 300 && status < 400)
            resolve({
              outcome: 'failed',
              httpStatus: status,
              detail: `answered ${status}; redirects are not followed`,
            });
          else resolve({ outcome: 'failed', httpStatus: status, detail: `answered ${status}` });
        });
        res.on('error', () =>
          resolve({ outcome: 'failed', httpStatus: status, detail: 'the answer broke off' }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ outcome: 'failed', httpStatus: null, detail: connectionDetail(err) }),
    );
    req.end(out.body);
  });
}

/** A short, fixed description of a connection failure (no receiver text is echoed). */
function connectionDetail(err: NodeJS.ErrnoException): string {
  const code = err.code ?? '';
  if (code.includes('CERT') || code.includes('SELF_SIGNED') || code === 'ERR_TLS_CERT_ALTNAME_INVALID')
    return `the receiver's certificate was not trusted (${code})`;
  if (code === 'ECONNREFUSED') return 'the connection was refused';
  if (err.message === 'timed out') return 'the receiver did not answer in time';
  return code ? `the connection failed (${code})` : 'the connection failed';
}
