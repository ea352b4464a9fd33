import { describe, expect, it } from 'vitest';
import { previewDetails, withTournamentPreview } from '../og-tags';

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

  it('starts the description with the start (UTC), the prize and the free slots', () => {
    const t = {
      name: 'Gem Cup',
      description: 'Best of three',
      thumbnail_url: null,
      starts_at: '2099-12-06T13:30:00Z',
      prize: 'Rs500',
      slots: 8,
      registered_teams: 5,
    };
    expect(previewDetails(t)).toBe('Starts Sun 6 Dec, 13:30 UTC · Prize: Rs500 · 3 of 8 slots left');
    expect(previewDetails({ ...t, registered_teams: 8, prize: null, starts_at: null })).toBe('Full (8 slots)');
    const out = withTournamentPreview(html, t, 'https://cup.example/tournaments/1');
    expect(out).toContain(
      '<meta property="og:description" content="Starts Sun 6 Dec, 13:30 UTC · Prize: Rs500 · 3 of 8 slots left. Best of three">',
    );
  });

  it('uses only an https banner', () => {
    const out = withTournamentPreview(
      html,
      { name: 'Gem Cup', description: null, thumbnail_url: '/banners/a.svg' },
      'http://127.0.0.1:3000/tournaments/1',
    );
    expect(out).not.toContain('og:image');
    expect(out).toContain('<meta name="twitter:card" content="summary">');
  });
});
