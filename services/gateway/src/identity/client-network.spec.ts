import { describe, expect, it } from '@jest/globals';
import { clientNetworkKey } from './client-network.js';

describe('the network a per-IP limit counts a client by', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientNetworkKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address, in either spelling', () => {
    expect(clientNetworkKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetworkKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts a full IPv6 address by its /64', () => {
    expect(clientNetworkKey('2001:0db8:0085:0a00:1111:2222:3333:4444')).toBe('2001:db8:85:a00::/64');
    expect(clientNetworkKey('2001:db8:85:a00:ffff:ffff:ffff:fffe')).toBe('2001:db8:85:a00::/64');
  });

  it('expands a compressed IPv6 address before taking its /64', () => {
    expect(clientNetworkKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetworkKey('2001:DB8:0:0:1::2')).toBe('2001:db8:0:0::/64');
    expect(clientNetworkKey('2001:db8:85:a00::')).toBe('2001:db8:85:a00::/64');
    expect(clientNetworkKey('::1')).toBe('0:0:0:0::/64');
    expect(clientNetworkKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('tells two /64s apart', () => {
    expect(clientNetworkKey('2001:db8:0:1::1')).not.toBe(clientNetworkKey('2001:db8:0:2::1'));
  });

  it('keeps what is not an address as it is', () => {
    expect(clientNetworkKey('unknown')).toBe('unknown');
  });
});
