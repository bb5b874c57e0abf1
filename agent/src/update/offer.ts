/** Check-in's `agent_update` (docs/agent-updates.md), read strictly: anything malformed is no offer. */
export interface UpdateOffer {
  release_id: string;
  version: string;
  platform: string;
  size_bytes: number;
  sha256: string;
  signature_b64: string;
  key_id: string;
  download_path: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAX_PACKAGE_BYTES = 1024 * 1024 * 1024;

export function parseOffer(raw: unknown): UpdateOffer | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const str = (k: string) => (typeof r[k] === 'string' ? (r[k] as string) : null);
  const id = str('release_id');
  const version = str('version');
  const platform = str('platform');
  const sha256 = str('sha256');
  const sig = str('signature_b64');
  const keyId = str('key_id');
  const size = r.size_bytes;
  if (!id || !UUID.test(id) || !version || !/^[0-9A-Za-z.+-]{1,64}$/.test(version)) return null;
  if (!platform || !sha256 || !/^[0-9a-f]{64}$/.test(sha256) || !sig || !keyId) return null;
  if (typeof size !== 'number' || !Number.isInteger(size) || size <= 0 || size > MAX_PACKAGE_BYTES)
    return null;
  // The path is rebuilt from the id: the server's string is never followed as given.
  return {
    release_id: id,
    version,
    platform,
    size_bytes: size,
    sha256,
    signature_b64: sig,
    key_id: keyId,
    download_path: `/api/v1/agent/update-packages/${id}`,
  };
}
