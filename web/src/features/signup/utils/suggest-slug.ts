import { normalizeSlug } from '@runpledge/contracts';
import slugify from '@sindresorhus/slugify';

/**
 * A page address suggested from the runner's name, transliterated: "José Núñez" becomes
 * "jose-nunez". A name with no Latin transliteration (Chinese, emoji) still gets a usable
 * address, `runner-` and a short code drawn from the name.
 */
export function suggestSlug(name: string): string {
  const slug = normalizeSlug(
    slugify(name, {
      decamelize: false,
      customReplacements: [
        ["'", ''],
        ['’', ''],
      ],
    }),
  )
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  if (slug !== '' || name.trim() === '') return slug;
  return `runner-${nameCode(name.trim())}`;
}

/** FNV-1a of the name in base 36: the same name always suggests the same address. */
function nameCode(text: string): string {
  let hash = 0x811c9dc5;
  for (const ch of text) {
    hash ^= ch.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
