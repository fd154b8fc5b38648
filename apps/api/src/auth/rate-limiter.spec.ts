import { describe, expect, it } from '@jest/globals';
import { addressKey } from './rate-limiter.js';

describe('addressKey', () => {
  it('keeps IPv4 addresses, also when mapped into IPv6', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 clients by their /64, however the address is written', () => {
    expect(addressKey('2001:db8:0:12:1:2:3:4')).toBe('2001:db8:0:12::/64');
    expect(addressKey('2001:0db8:0000:0012:ffff::1')).toBe('2001:db8:0:12::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
