/** Money as the hosted pages show it. */

/** `$5.00`-style money for the hosted pages. */
export function formatMoney(amountInMinorUnits: number, currency: string): string {
  const zeroDecimal = [
    'jpy',
    'krw',
    'vnd',
    'clp',
    'xof',
    'xaf',
    'ugx',
    'pyg',
    'rwf',
    'kmf',
    'gnf',
    'djf',
    'bif',
    'vuv',
    'xpf',
    'mga',
  ];
  const divisor = zeroDecimal.includes(currency.toLowerCase()) ? 1 : 100;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amountInMinorUnits / divisor,
  );
}
