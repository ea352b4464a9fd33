import { describe, expect, it } from 'vitest';
import { safeNext } from '@/features/auth/api/sign-in';

describe('safeNext', () => {
  it('keeps a same-site path with its query and hash', () => {
    expect(safeNext('/tournaments/abc')).toBe('/tournaments/abc');
    expect(safeNext('/tournaments/abc?x=1#top')).toBe('/tournaments/abc?x=1#top');
  });
  it('drops anything that would leave the site, and nothing at all', () => {
    for (const next of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'tournaments',
      '',
      null,
      undefined,
    ]) {
      expect(safeNext(next)).toBeUndefined();
    }
  });
});
