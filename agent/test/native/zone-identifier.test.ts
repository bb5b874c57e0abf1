import { describe, expect, it } from 'vitest';
import { parseZoneIdentifier } from '../../src/platform/win32/zone-identifier.js';

// Document 2: file.mark_of_the_web carries zone_id, host, referrer_host only.
describe('Zone.Identifier parsing', () => {
  it('keeps zone and host names, never the URLs', () => {
    const text =
      '[ZoneTransfer]\r\nZoneId=3\r\nReferrerUrl=https://Mail.Example.com/inbox?token=abc\r\nHostUrl=https://cdn.example.net/f/report.xlsx?sig=xyz\r\n';
    expect(parseZoneIdentifier(Buffer.from(text))).toEqual({
      zone_id: 3,
      host: 'cdn.example.net',
      referrer_host: 'mail.example.com',
    });
  });

  it('reads UTF-16 with a BOM and tolerates a missing HostUrl', () => {
    const text = '\ufeff[ZoneTransfer]\nZoneId=4\n';
    expect(parseZoneIdentifier(Buffer.from(text, 'utf16le'))).toEqual({
      zone_id: 4,
      host: null,
      referrer_host: null,
    });
  });

  it('about:internet is not a host', () => {
    const text = '[ZoneTransfer]\nZoneId=3\nHostUrl=about:internet\n';
    expect(parseZoneIdentifier(Buffer.from(text))?.host).toBeNull();
  });

  it('answers null for no stream, another section, or a zone outside 0-4', () => {
    expect(parseZoneIdentifier(null)).toBeNull();
    expect(parseZoneIdentifier(Buffer.from('[Other]\nZoneId=3\n'))).toBeNull();
    expect(parseZoneIdentifier(Buffer.from('[ZoneTransfer]\nZoneId=7\n'))).toBeNull();
  });
});
