import { describe, expect, it } from 'vitest';
import { plural } from '@/lib/plural';

describe('plural', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(plural(1, 'slot')).toBe('1 slot');
    expect(plural(0, 'slot')).toBe('0 slots');
    expect(plural(2, 'team')).toBe('2 teams');
    expect(plural(3, 'person', 'people')).toBe('3 people');
  });
});
