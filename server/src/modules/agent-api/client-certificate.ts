import type { TLSSocket } from 'node:tls';
import type { FastifyRequest } from 'fastify';
import { strictBase64 } from '../../crypto/device-keys.js';
import type { DevicesTable } from '../agents/public.js';
import { IdentityRefused } from './signed-request.js';

/**
 * Optional mutual TLS (document 2): when the connection presents a client certificate, it must
 * be one for this device's pinned key and still valid; otherwise the request is refused like a
 * bad signature. TLS has already proved the client holds the certificate's private key, so a
 * certificate for the device key is proof of the device. No certificate: the signature alone
 * decides. The listener asks for client certificates only when configured to (requestCert).
 */
export function checkClientCertificate(request: FastifyRequest, device: DevicesTable, now: Date): void {
  const socket = request.raw.socket as Partial<TLSSocket>;
  if (typeof socket.getPeerX509Certificate !== 'function') return;
  const peer = socket.getPeerX509Certificate();
  if (!peer) return;
  const spki = peer.publicKey.export({ format: 'der', type: 'spki' });
  const raw = strictBase64(device.public_key_b64);
  const forDevice =
    raw !== null && spki.length > raw.length && spki.subarray(spki.length - raw.length).equals(raw);
  const current = Date.parse(peer.validFrom) <= now.getTime() && now.getTime() < Date.parse(peer.validTo);
  if (!forDevice || !current) throw new IdentityRefused('certificate_mismatch');
}
