/**
 * Document 2: `file.mark_of_the_web` carries `zone_id` (0 this computer to 4 restricted sites),
 * `host` and `referrer_host` only — never the full URLs, which may carry tokens or names.
 * Browsers write the Zone.Identifier stream as an INI text, ANSI/UTF-8 or UTF-16 with a BOM.
 */
export const ZONE_IDENTIFIER_STREAM = 'Zone.Identifier';

export interface MarkOfTheWeb {
  zone_id: number;
  host: string | null;
  referrer_host: string | null;
}

function decode(bytes: Buffer): string {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe)
    return bytes.subarray(2).toString('utf16le');
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return bytes.subarray(3).toString('utf8');
  }
  return bytes.toString('utf8');
}

function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const host = new URL(url).hostname;
    return host === '' ? null : host.toLowerCase();
  } catch {
    return null;
  }
}

/** null when the stream is absent or not a ZoneTransfer section with a ZoneId of 0-4. */
export function parseZoneIdentifier(bytes: Buffer | null): MarkOfTheWeb | null {
  if (bytes === null || bytes.length === 0 || bytes.length > 64 * 1024) return null;
  let section = '';
  const values = new Map<string, string>();
  for (const raw of decode(bytes).split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('[') && line.endsWith(']')) {
      section = line.slice(1, -1).trim().toLowerCase();
      continue;
    }
    const eq = line.indexOf('=');
    if (section !== 'zonetransfer' || eq <= 0) continue;
    values.set(line.slice(0, eq).trim().toLowerCase(), line.slice(eq + 1).trim());
  }
  const zoneText = values.get('zoneid');
  if (zoneText === undefined || !/^[0-4]$/.test(zoneText)) return null;
  return {
    zone_id: Number(zoneText),
    host: hostOf(values.get('hosturl')),
    referrer_host: hostOf(values.get('referrerurl')),
  };
}
