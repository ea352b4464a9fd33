import { describe, expect, it } from 'vitest';
import { withTournamentPreview } from '../og-tags';

const html = '<!doctype html><html><head><title>BrawlCup · Brawl Stars tournaments</title></head><body></body></html>';

describe('withTournamentPreview', () => {
  it('puts the title, description, absolute image, url and card into the head', () => {
    const out = withTournamentPreview(
      html,
      { name: 'Gem Cup', description: 'Best of three', thumbnail_url: '/banners/a.svg' },
      'https://cup.example/tournaments/1',
    );
    expect(out).toContain('<title>Gem Cup · BrawlCup</title>');
    expect(out).toContain('<meta property="og:title" content="Gem Cup · BrawlCup">');
    expect(out).toContain('<meta property="og:description" content="Best of three">');
    expect(out).toContain('<meta property="og:image" content="https://cup.example/banners/a.svg">');
    expect(out).toContain('<meta property="og:url" content="https://cup.example/tournaments/1">');
    expect(out).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it('escapes every value so a name cannot add markup', () => {
    const out = withTournamentPreview(
      html,
      { name: '"><script>alert(1)</script>$&', description: "it's <b>", thumbnail_url: null },
      'https://cup.example/tournaments/1',
    );
    expect(out).not.toContain('<script>');
    expect(out).toContain('content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;$&amp; · BrawlCup"');
    expect(out).toContain('content="it&#39;s &lt;b&gt;"');
    expect(out).not.toContain('og:image');
    expect(out).toContain('<meta name="twitter:card" content="summary">');
  });
});
