// The username rule on its own: Unicode white space trimmed, invisible characters refused, with the
// database's messages.
import { describe, expect, it } from 'vitest';
import { usernameSchema } from './player-schemas';

function messages(value: string) {
  const result = usernameSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('usernameSchema', () => {
  it('trims Unicode white space around the username', () => {
    expect(usernameSchema.parse('\u00a0Spacey\u3000')).toBe('Spacey');
    expect(messages('\u00a0\u00a0')).toEqual(['Username must be between 2 and 30 characters.']);
  });

  it('refuses invisible characters', () => {
    expect(messages('adm\u202enimda')).toEqual(['Username cannot contain invisible characters.']);
    expect(messages('Al\u200bice')).toEqual(['Username cannot contain invisible characters.']);
    expect(messages('\ufeffBob\u200d')).toEqual(['Username cannot contain invisible characters.']);
  });

  it('keeps accents, inner spaces and emoji', () => {
    expect(usernameSchema.parse('Zoé Ä 🌟')).toBe('Zoé Ä 🌟');
  });

  it('counts characters as the database does: an emoji is one', () => {
    expect(usernameSchema.parse('🌟'.repeat(30))).toBe('🌟'.repeat(30));
    expect(messages('🌟')).toEqual(['Username must be between 2 and 30 characters.']);
  });
});
