/** Codes Intl names that are not countries a charity registers in (groupings, test and reserved codes). */
const NOT_COUNTRIES = new Set(['AC', 'CP', 'CQ', 'DG', 'EA', 'EU', 'EZ', 'IC', 'QO', 'TA', 'UN', 'XA', 'XB', 'ZZ']);

export interface CountryOption {
  code: string;
  name: string;
}

let cached: CountryOption[] | undefined;

/** Every ISO 3166 two-letter country the browser can name, by name (the charity's `country`). */
export function countryOptions(locale = 'en'): CountryOption[] {
  if (cached) return cached;
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  const options: CountryOption[] = [];
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      const name = NOT_COUNTRIES.has(code) ? undefined : names.of(code);
      if (name) options.push({ code, name });
    }
  }
  cached = options.sort((a, b) => a.name.localeCompare(b.name, locale));
  return cached;
}

/** The country of the browser's language (`en-GB` → `GB`), when it names one. */
export function browserCountry(language = navigator.language): string {
  try {
    const region = new Intl.Locale(language).maximize().region ?? '';
    return countryOptions().some((c) => c.code === region) ? region : '';
  } catch {
    return '';
  }
}
