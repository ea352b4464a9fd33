import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render';
import { linkPieces, PlainText } from './plain-text';

describe('PlainText', () => {
  it('splits text into plain pieces and https links, leaving sentence punctuation outside', () => {
    expect(linkPieces('See https://example.com/rules. Or http://x.example')).toEqual([
      { text: 'See ' },
      { text: 'https://example.com/rules', href: 'https://example.com/rules' },
      { text: '. Or http://x.example' },
    ]);
  });

  it('keeps line breaks, links https URLs and renders markup as text', () => {
    const { container } = renderWithProviders(
      <PlainText text={'1. No teaming\n<img src=x onerror=alert(1)> <b>bold</b>\nhttps://discord.gg/abc'} />,
    );
    expect(container.querySelector('img, b')).toBeNull();
    expect(screen.getByText(/<img src=x onerror=alert\(1\)>/)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'https://discord.gg/abc' });
    expect(link).toHaveAttribute('href', 'https://discord.gg/abc');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(container.textContent).toContain('1. No teaming\n<img');
  });
});
