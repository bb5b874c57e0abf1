import { describe, expect, it } from 'vitest';
import { checkUrlShape, refusedAddress, v6Bytes } from '../../src/modules/report-schedules/address-rules.js';

/** docs/report-schedules.md, Addresses: every spelling of a refused address is refused. */
describe('delivery address rules', () => {
  it('refuses link-local and metadata addresses in IPv4 and every IPv6 form that carries them', () => {
    for (const a of [
      '169.254.169.254',
      '169.254.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '100.100.100.200',
      'fe80::1',
      'FE80::abcd:1',
      'febf::1',
      '::',
      'ff02::1',
      'fd00:ec2::254',
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      '0:0:0:0:0:ffff:a9fe:a9fe',
      '::169.254.169.254',
      '64:ff9b::169.254.169.254',
      '2002:a9fe:a9fe::',
    ])
      expect(refusedAddress(a), a).not.toBeNull();
  });

  it('allows public, private and loopback addresses (an on-premises collector is normal)', () => {
    for (const a of [
      '203.0.113.7',
      '10.1.2.3',
      '192.168.0.10',
      '127.0.0.1',
      '::1',
      '2001:db8::1',
      '::ffff:10.0.0.1',
    ])
      expect(refusedAddress(a), a).toBeNull();
  });

  it('reads IPv6 spellings to the same bytes', () => {
    expect(v6Bytes('::ffff:169.254.169.254')).toEqual(v6Bytes('0:0:0:0:0:ffff:a9fe:a9fe'));
    expect(v6Bytes('fe80::1')).toHaveLength(16);
    expect(v6Bytes('1:2:3:4:5:6:7:8')).toHaveLength(16);
  });

  it('takes only absolute https URLs without user-info or fragment', () => {
    expect(checkUrlShape('http://a.example/')).toBe('must use https');
    expect(checkUrlShape('https://u@a.example/')).toBe('must not carry user name or password');
    expect(checkUrlShape('https://a.example/#x')).toBe('must not carry a fragment');
    expect(checkUrlShape('not a url')).toBe('must be an absolute https URL');
    expect((checkUrlShape('https://0xa9.0xfe.0xa9.0xfe/') as URL).hostname).toBe('169.254.169.254');
  });
});
