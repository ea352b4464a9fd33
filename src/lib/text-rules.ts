// What every name a player types must be: trimmed of Unicode white space (zod's trim() is
// JavaScript's, the set the database's private.trim_space removes) and free of invisible characters
// (control and format characters, line and paragraph separators), as private.has_invisible checks;
// lengths counted as Postgres counts them.

/**
 * Unicode categories Cc, Cf, Zl, Zp: U+202E (right-to-left override), U+200B, U+FEFF, line breaks...;
 * and a lone surrogate (Cs), which no database text can hold.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

export function hasInvisible(text: string): boolean {
  return INVISIBLE.test(text);
}

/** A zod refinement: true when the text may be stored. */
export const visibleOnly = (text: string) => !hasInvisible(text);

/** Postgres's char_length: code points, so an emoji counts once (JavaScript's length counts it twice). */
export function charLength(text: string): number {
  return [...text].length;
}
