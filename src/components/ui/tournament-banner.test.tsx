import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render';
import { TournamentBanner } from './tournament-banner';

describe('TournamentBanner', () => {
  it('leaves a banner below the first screen to lazy loading, and fetches a first-screen one at once, first', async () => {
    renderWithProviders(
      <>
        <TournamentBanner src="/banners/solo-showdown.svg" alt="Top banner" priority />
        <TournamentBanner src="/banners/heist-duo.svg" alt="Lower banner" />
      </>,
    );
    const top = await screen.findByRole('img', { name: 'Top banner' });
    expect(top).toHaveAttribute('loading', 'eager');
    expect(top).toHaveAttribute('fetchpriority', 'high');
    const lower = screen.getByRole('img', { name: 'Lower banner' });
    expect(lower).toHaveAttribute('loading', 'lazy');
    expect(lower).not.toHaveAttribute('fetchpriority');
  });
});
