// The tournament form's banner rule on its own: an https:// URL or a site path, never a path that a
// browser would read as a link to another host.
import { describe, expect, it } from 'vitest';
import { tournamentFormSchema } from './create-tournament';

const valid = {
  name: 'Banner Cup',
  description: 'Banners.',
  thumbnail_url: '/banners/brawlcup.svg',
  slots: 8,
  discord_link: 'https://discord.gg/banner',
  type: '1v1' as const,
};

function thumbnailMessages(thumbnail_url: string) {
  const result = tournamentFormSchema.safeParse({ ...valid, thumbnail_url });
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

const REFUSED = 'Thumbnail URL must be an https:// link or a site path such as /banners/brawlcup.svg.';

describe('tournamentFormSchema thumbnail_url', () => {
  it('accepts https:// URLs and site paths', () => {
    expect(thumbnailMessages('/banners/solo-showdown.svg')).toEqual([]);
    expect(thumbnailMessages('https://cdn.example.com/b.png')).toEqual([]);
  });

  it('refuses paths that lead to another host, and other schemes', () => {
    expect(thumbnailMessages('/\\evil.example/x.png')).toEqual([REFUSED]);
    expect(thumbnailMessages('//evil.example/x.png')).toEqual([REFUSED]);
    expect(thumbnailMessages('http://cdn.example/x.png')).toEqual([REFUSED]);
    expect(thumbnailMessages('javascript:alert(1)')).toEqual([REFUSED]);
  });
});
