import { beforeEach, describe, expect, it } from 'vitest';
import { sampleSignupForm } from '@/testing/fixtures';
import {
  clearSignupForm,
  isProfileCreated,
  isValidSignupFormData,
  loadSignupForm,
  markProfileCreated,
  saveSignupForm,
} from './signup-form-storage';

const MINUTE = 60_000;
const NOW = Date.parse('2026-05-01T10:00:00Z');

describe('saved sign-up form', () => {
  beforeEach(() => sessionStorage.clear());

  it('is kept in session storage under the product prefix', () => {
    saveSignupForm(sampleSignupForm(), NOW);

    expect(Object.keys(sessionStorage)).toEqual(['runpledge:signup-form']);
    expect(JSON.parse(sessionStorage.getItem('runpledge:signup-form')!)).toEqual({
      value: sampleSignupForm(),
      expiresAt: NOW + 30 * MINUTE,
    });
    expect(localStorage.length).toBe(0);
  });

  it('is returned for 30 minutes, then forgotten and removed', () => {
    saveSignupForm(sampleSignupForm(), NOW);

    expect(loadSignupForm(NOW + 29 * MINUTE + 59_000)).toEqual(sampleSignupForm());
    expect(loadSignupForm(NOW + 30 * MINUTE)).toBeUndefined();
    expect(sessionStorage.getItem('runpledge:signup-form')).toBeNull();
  });

  it('drops an entry that cannot be parsed or has no expiry', () => {
    sessionStorage.setItem('runpledge:signup-form', '{not json');
    expect(loadSignupForm(NOW)).toBeUndefined();
    expect(sessionStorage.getItem('runpledge:signup-form')).toBeNull();

    sessionStorage.setItem('runpledge:signup-form', JSON.stringify({ value: sampleSignupForm() }));
    expect(loadSignupForm(NOW)).toBeUndefined();
  });

  it('ignores the same data saved without the prefix', () => {
    sessionStorage.setItem('signup-form', JSON.stringify({ value: sampleSignupForm(), expiresAt: NOW + MINUTE }));

    expect(loadSignupForm(NOW)).toBeUndefined();
  });

  it('remembers that the page was created for this data, until new data is saved', () => {
    saveSignupForm(sampleSignupForm(), NOW);
    markProfileCreated('jane-runs-chicago', NOW);

    expect(isProfileCreated('jane-runs-chicago', NOW)).toBe(true);
    expect(isProfileCreated('someone-else', NOW)).toBe(false);

    saveSignupForm(sampleSignupForm(), NOW);
    expect(isProfileCreated('jane-runs-chicago', NOW)).toBe(false);
  });

  it('clears the data and the created mark together', () => {
    saveSignupForm(sampleSignupForm(), NOW);
    markProfileCreated('jane-runs-chicago', NOW);

    clearSignupForm();

    expect(sessionStorage.length).toBe(0);
  });
});

describe('isValidSignupFormData (the saved-data check of spec 5)', () => {
  it('accepts data the form saves', () => {
    expect(isValidSignupFormData(sampleSignupForm())).toBe(true);
  });

  it.each([
    ['name over 100', { name: 'x'.repeat(101) }],
    ['marathon name over 100', { marathon_name: 'x'.repeat(101) }],
    ['marathon date not text', { marathon_date: 20991012 }],
    ['story over 1000', { description: 'x'.repeat(1001) }],
    ['slug over 50', { url_slug: 'x'.repeat(51) }],
    ['no platform', { donation_platform: '' }],
    ['charity link over 500 on another platform', { donation_platform: 'other', charity_link: 'x'.repeat(501) }],
  ])('refuses data with %s', (_, override) => {
    expect(isValidSignupFormData({ ...sampleSignupForm(), ...override })).toBe(false);
  });

  it('accepts the longest values allowed', () => {
    expect(
      isValidSignupFormData(
        sampleSignupForm({
          name: 'x'.repeat(100),
          marathon_name: 'x'.repeat(100),
          description: 'x'.repeat(1000),
          url_slug: 'x'.repeat(50),
        }),
      ),
    ).toBe(true);
  });

  it.each(['haku', 'donordrive', 'justgiving'] as const)(
    'does not limit the charity link derived for %s',
    (platform) => {
      expect(
        isValidSignupFormData(sampleSignupForm({ donation_platform: platform, charity_link: 'x'.repeat(501) })),
      ).toBe(true);
    },
  );

  it.each([null, undefined, 'text', 42, []])('refuses %s', (value) => {
    expect(isValidSignupFormData(value)).toBe(false);
  });
});
