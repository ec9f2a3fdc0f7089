/** Lifetime codes are matched case-insensitively and stored upper-case. */
export function normalizeLifetimeCode(code: string): string {
  return code.trim().toUpperCase();
}
