// The dark theme's text colours keep WCAG AA contrast (4.5:1 for text) on the surfaces they sit on.
import { describe, expect, it } from 'vitest';
import { theme } from '@/app/theme';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const c = (name: string, shade: number) => theme.colors![name]![shade]!;

describe('theme contrast', () => {
  const body = c('dark', 7);
  const card = c('dark', 6);
  const input = c('dark', 6);
  it.each([
    ['body text on the page', c('dark', 0), body],
    ['body text on cards', c('dark', 0), card],
    ['dimmed text on the page', c('dark', 2), body],
    ['dimmed text on cards', c('dark', 2), card],
    ['links and active nav (brand.4) on cards', c('brand', 4), card],
    ['orange accents (orange.4) on the page', c('orange', 4), body],
    ['dark text on the yellow primary button', '#000000', c('brand', 5)],
    ['dark text on the hover shade', '#000000', c('brand', 6)],
  ])('%s >= 4.5:1', (_label, fg, bg) => {
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('placeholders and borders stay visible (>= 3:1 for placeholder text on inputs)', () => {
    expect(contrast(c('dark', 3), input)).toBeGreaterThanOrEqual(3);
  });
});
