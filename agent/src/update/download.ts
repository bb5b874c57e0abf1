import { createHash } from 'node:crypto';
import { mkdir, open, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type AgentTransport, retryAfterMs, type Signer } from '../transport/client.js';
import { HttpError, RateLimitedError, UnreachableError } from '../transport/errors.js';
import { signRequest } from '../transport/signing.js';
import { request } from '../transport/undici-client.js';

export class DownloadRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * Streams a signed GET's body into `dest` (owner-only), never holding more than a chunk in memory,
 * stopping at `maxBytes`; answers the size and lower-hex SHA-256 of what was written. A refusal
 * (not 200, too large) removes the partial file.
 */
export async function downloadSigned(
  transport: AgentTransport,
  signer: Signer,
  route: string,
  dest: string,
  maxBytes: number,
): Promise<{ size: number; sha256: string }> {
  const path = transport.fullPath(route);
  const headers = await signRequest(
    signer.key,
    signer.deviceId,
    'GET',
    path,
    new Uint8Array(0),
    transport.now(),
  );
  let res: Awaited<ReturnType<typeof request>>;
  try {
    res = await request(transport.dispatcher, new URL(path, transport.origin), {
      method: 'GET',
      headers: { ...headers },
    });
  } catch (err) {
    throw new UnreachableError(`server unreachable: ${(err as Error).message}`, { cause: err });
  }
  if (res.statusCode === 429) {
    await res.body.dump().catch(() => undefined);
    throw new RateLimitedError(retryAfterMs(res.headers['retry-after'], transport.localNow()), null, null);
  }
  if (res.statusCode !== 200) {
    await res.body.dump().catch(() => undefined);
    throw new HttpError(res.statusCode, null, `${route}: ${res.statusCode}`, null);
  }
  await mkdir(dirname(dest), { recursive: true, mode: 0o700 });
  const fh = await open(dest, 'w', 0o600);
  const hash = createHash('sha256');
  let size = 0;
  try {
    for await (const chunk of res.body) {
      const b = chunk as Buffer;
      size += b.length;
      if (size > maxBytes) throw new DownloadRefused('package larger than announced');
      hash.update(b);
      await fh.write(b);
    }
    await fh.sync();
  } catch (err) {
    res.body.destroy();
    await fh.close();
    await unlink(dest).catch(() => undefined);
    // A connection lost mid-body is the network's doing, like one that never opened; a full disk
    // or a refused write is not.
    const code = String((err as NodeJS.ErrnoException).code ?? '');
    if (code.startsWith('UND_ERR') || ['ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code))
      throw new UnreachableError(`download interrupted: ${(err as Error).message}`, { cause: err });
    throw err;
  } finally {
    await fh.close().catch(() => undefined);
  }
  return { size, sha256: hash.digest('hex') };
}
