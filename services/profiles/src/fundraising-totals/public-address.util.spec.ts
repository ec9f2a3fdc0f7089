import { describe, expect, it } from '@jest/globals';
import { hostAllowed, isPublicAddress, platformAddressProblem } from './public-address.util.js';

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

describe('platformAddressProblem', () => {
  const emulators = ['http://127.0.0.1:12113'];
  it.each([
    ['http://169.254.169.254/latest/meta-data/', 'must be an https address'],
    ['https://169.254.169.254/latest/meta-data/', 'must be a public address'],
    ['https://127.0.0.1:8222/varz', 'must be a public address'],
    ['http://127.0.0.1:8222/varz', 'must be an https address'],
    ['https://[::1]/', 'must be a public address'],
    ['https://10.1.2.3/', 'must be a public address'],
    ['https://localhost/', 'must be a public address'],
    ['https://metadata.google.internal/', 'must be a public address'],
    ['https://redis/', 'must be a public address'],
  ])('refuses %s: %s', (address, problem) => {
    expect(platformAddressProblem(address, [], emulators)).toBe(problem);
  });

  it('takes public https addresses, on the allow list when there is one, and the listed emulators', () => {
    expect(platformAddressProblem('https://www.extra-life.org/e', [], emulators)).toBeNull();
    expect(platformAddressProblem('https://try.donordrive.com/e', ['*.donordrive.com'], emulators)).toBeNull();
    expect(platformAddressProblem('https://evil.example/e', ['*.donordrive.com'], emulators)).toMatch(
      'not evil.example',
    );
    expect(platformAddressProblem('http://127.0.0.1:12113/index.cfm', [], emulators)).toBeNull();
    expect(platformAddressProblem('http://127.0.0.1:12114/index.cfm', [], emulators)).toBe('must be an https address');
  });
});
