/** Every key this app writes to web storage starts with this, so ours never collide with others'. */
export const STORAGE_PREFIX = 'runpledge:';

interface ExpiringEntry<T> {
  value: T;
  expiresAt: number;
}

// Storage can be missing or throw (private browsing, disabled cookies, quota): the app then works
// without remembering, instead of crashing.
function storage(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readItem(kind: 'local' | 'session', key: string): string | null {
  try {
    return storage(kind)?.getItem(STORAGE_PREFIX + key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(kind: 'local' | 'session', key: string, value: string): void {
  try {
    storage(kind)?.setItem(STORAGE_PREFIX + key, value);
  } catch {
    // Full or unavailable storage: nothing is remembered.
  }
}

export function removeItem(kind: 'local' | 'session', key: string): void {
  try {
    storage(kind)?.removeItem(STORAGE_PREFIX + key);
  } catch {
    // Unavailable storage holds nothing to remove.
  }
}

/** Saves a value in session storage that `readExpiring` returns only until `ttlMs` have passed. */
export function writeExpiring<T>(key: string, value: T, ttlMs: number, now = Date.now()): void {
  const entry: ExpiringEntry<T> = { value, expiresAt: now + ttlMs };
  writeItem('session', key, JSON.stringify(entry));
}

/** The saved value, or undefined when there is none, it has expired or it cannot be read (then it is removed). */
export function readExpiring(key: string, now = Date.now()): unknown {
  const raw = readItem('session', key);
  if (raw === null) return undefined;
  try {
    const entry = JSON.parse(raw) as Partial<ExpiringEntry<unknown>> | null;
    if (entry && typeof entry.expiresAt === 'number' && entry.expiresAt > now && 'value' in entry) {
      return entry.value;
    }
  } catch {
    // Unparsable: dropped below like an expired entry.
  }
  removeItem('session', key);
  return undefined;
}
