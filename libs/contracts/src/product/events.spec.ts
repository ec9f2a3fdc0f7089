import { describe, expect, it } from '@jest/globals';
import { eventNameKey, eventSlugBase, isEventPast, isTimeZone, sameEventName, todayIn } from './events.js';

describe('the same event typed differently', () => {
  it('ignores case, punctuation, the word "marathon" and the year', () => {
    expect(eventNameKey('london marathon 2027')).toBe('london');
    expect(eventNameKey('  London-Marathon!! ')).toBe('london');
    expect(eventNameKey('TCS London Marathon')).toBe('tcs london');
    expect(eventNameKey('Marathon de Paris 2027')).toBe('de paris');
  });

  it('takes "london marathon 2027" and "TCS London Marathon" as one race, but not another city', () => {
    expect(sameEventName('london marathon 2027', 'TCS London Marathon')).toBe(true);
    expect(sameEventName('TCS London Marathon', 'london marathon 2027')).toBe(true);
    expect(sameEventName('London Marathon', 'Paris Marathon')).toBe(false);
    expect(sameEventName('Marathon 2027', 'London Marathon')).toBe(false);
    expect(sameEventName('Marathon 2027', 'marathon')).toBe(true);
  });

  it('treats accents, full-width letters and other scripts alike', () => {
    expect(eventNameKey('Zürich Marathon')).toBe(eventNameKey('zurich marathon'));
    expect(eventNameKey('ＢＥＲＬＩＮ Marathon')).toBe('berlin');
    expect(eventNameKey('東京マラソン 2027')).toBe(eventNameKey('東京マラソン'));
    expect(eventNameKey('Марафон «Белые ночи»')).toBe('марафон белые ночи');
    expect(sameEventName('Maratón de Sevilla', 'maraton de sevilla 2027')).toBe(true);
  });
});

describe('an event time zone and date', () => {
  it('accepts IANA zones and refuses anything else', () => {
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('Europe/London\u0000')).toBe(false);
  });

  it('is past only once its day is over where it is run', () => {
    const now = new Date('2027-04-25T23:30:00Z'); // already the 26th in Tokyo, still the 25th in New York
    expect(todayIn('Asia/Tokyo', now)).toBe('2027-04-26');
    expect(isEventPast('2027-04-25', 'America/New_York', now)).toBe(false);
    expect(isEventPast('2027-04-25', 'Asia/Tokyo', now)).toBe(true);
  });

  it('gives a readable address with its year', () => {
    expect(eventSlugBase('TCS London Marathon', '2027-04-25')).toBe('tcs-london-marathon-2027');
    expect(eventSlugBase('Zürich Marathon 2027', '2027-04-25')).toBe('zurich-marathon-2027');
    expect(eventSlugBase('東京マラソン', '2027-03-07')).toBe('marathon-2027');
  });
});
