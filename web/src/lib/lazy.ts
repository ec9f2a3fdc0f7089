/**
 * A value made on first use, then kept. For Intl formatters: making the first one loads the
 * locale's data (ICU), several milliseconds of a phone's main thread, which a module's top level
 * would spend while the page starts, whether or not the page formats anything.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
