import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render';
import { AdSlot } from '@/components/ui/ad-slot';

describe('AdSlot', () => {
  afterEach(() => {
    document.getElementById('adsbygoogle-js')?.remove();
    delete window.adsbygoogle;
    vi.unstubAllEnvs();
  });

  it('with a publisher and slot id, loads AdSense once and fills the slot', async () => {
    renderWithProviders(<AdSlot client="ca-pub-1234567890" slot="9876543210" />);
    const aside = await screen.findByRole('complementary', { name: 'Advertisement' });
    expect(aside).toBeInTheDocument();
    await waitFor(() => expect(document.getElementById('adsbygoogle-js')).not.toBeNull());
    expect(document.getElementById('adsbygoogle-js')).toHaveAttribute(
      'src',
      'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-1234567890',
    );
    expect(window.adsbygoogle).toHaveLength(1);
  });

  it('without ids, shows a labelled placeholder in development and loads nothing', async () => {
    renderWithProviders(<AdSlot />);
    expect(await screen.findByRole('complementary', { name: 'Ad placeholder' })).toBeInTheDocument();
    expect(document.getElementById('adsbygoogle-js')).toBeNull();
  });

  it('without ids in production, renders nothing at all', async () => {
    vi.stubEnv('DEV', false);
    const { container } = renderWithProviders(
      <div data-testid="host">
        <AdSlot client="" slot="" />
      </div>,
    );
    await waitFor(() => expect(container.querySelector('[data-testid="host"]')).toBeEmptyDOMElement());
    expect(document.getElementById('adsbygoogle-js')).toBeNull();
  });
});
