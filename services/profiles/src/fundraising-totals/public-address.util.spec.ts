import { describe, expect, it } from '@jest/globals';
import { hostAllowed, isPublicAddress } from './public-address.util.js';

describe('isPublicAddress', () => {
  it.each([
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '127.0.0.1',
    '127.255.0.9',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
  ])('refuses the private, loopback, link-local or reserved IPv4 %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a00:1',
    '2001:db8::1',
    '[::1]',
  ])('refuses the IPv6 %s that is loopback, local, or an IPv4 in disguise', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '172.32.0.1'])(
    'accepts the public address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it('refuses what is not an address at all', () => {
    expect(isPublicAddress('localhost')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
  });
});

describe('hostAllowed', () => {
  it('takes any host without a list, and only listed ones with it', () => {
    expect(hostAllowed('www.extra-life.org', [])).toBe(true);
    expect(hostAllowed('www.extra-life.org', ['*.extra-life.org'])).toBe(true);
    expect(hostAllowed('extra-life.org', ['*.extra-life.org'])).toBe(true);
    expect(hostAllowed('evil-extra-life.org', ['*.extra-life.org'])).toBe(false);
    expect(hostAllowed('internal.example', ['www.extra-life.org'])).toBe(false);
  });
});
