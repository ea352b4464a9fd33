import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render';
import { AdSlot } from '@/components/ui/ad-slot';

describe('AdSlot', () => {
  afterEach(() => {
    document.getElementById('adsbygoogle-js')?.remove();
    delete window.adsbygoogle;
  });

  it('with a publisher and slot id, loads AdSense once and fills the slot', async () => {
    renderWithProviders(<AdSlot client="ca-pub-1234567890" slot="9876543210" />);
    const ad = await screen.findByRole('region', { name: 'Advertisement' });
    expect(ad.querySelector('ins.adsbygoogle')).toHaveAttribute('data-ad-slot', '9876543210');
    await waitFor(() => expect(document.getElementById('adsbygoogle-js')).not.toBeNull());
    expect(document.getElementById('adsbygoogle-js')).toHaveAttribute(
      'src',
      'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-1234567890',
    );
    expect(window.adsbygoogle).toHaveLength(1);
  });

  it('without ids, shows the labelled house slot with a contact link and loads nothing', async () => {
    renderWithProviders(<AdSlot client="" slot="" />);
    const ad = await screen.findByRole('region', { name: 'Advertisement' });
    expect(within(ad).getByText('Advertise here')).toBeInTheDocument();
    expect(within(ad).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contactus');
    expect(ad.querySelector('ins')).toBeNull();
    expect(document.getElementById('adsbygoogle-js')).toBeNull();
  });

  it('never shows an ad or loads AdSense on the admin dashboard', async () => {
    const { container } = renderWithProviders(
      <div data-testid="host">
        <AdSlot client="ca-pub-1234567890" slot="9876543210" />
      </div>,
      { route: '/admindashboard' },
    );
    await screen.findByTestId('host');
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-testid="host"]')).toBeEmptyDOMElement();
    expect(document.getElementById('adsbygoogle-js')).toBeNull();
  });
});
