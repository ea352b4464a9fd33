// The one ad slot (landing page and /home). With AdSense's publisher and slot ids in the env
// (ADSENSE_CLIENT, ADSENSE_SLOT) it loads the real unit; without them, a labelled house slot
// ("Advertise here") of the same size, so the layout is the one people will get and no ad code is
// loaded. Never on the admin dashboard. The config (and its zod parser) is read lazily so the
// landing page's initial bundle stays small.
import { useEffect, useRef, useState } from 'react';
import { Box, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';

const SCRIPT_ID = 'adsbygoogle-js';
const MIN_HEIGHT = 100;

declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}

function loadAdSense(client: string) {
  if (document.getElementById(SCRIPT_ID)) return;
  const script = document.createElement('script');
  script.id = SCRIPT_ID;
  script.async = true;
  script.crossOrigin = 'anonymous';
  script.src = `https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${encodeURIComponent(client)}`;
  document.head.appendChild(script);
}

type AdConfig = { client?: string; slot?: string };

function useAdConfig(override?: AdConfig): AdConfig | null {
  const [config, setConfig] = useState<AdConfig | null>(override ?? null);
  useEffect(() => {
    if (override) return;
    let active = true;
    import('@/config/env').then(
      ({ env }) => active && setConfig({ client: env.ADSENSE_CLIENT, slot: env.ADSENSE_SLOT }),
      () => active && setConfig({}),
    );
    return () => {
      active = false;
    };
  }, [override]);
  return config;
}

/** Our own ad for the space, shown where AdSense is not configured. */
function HouseSlot() {
  return (
    <Box
      component="section"
      aria-label="Advertisement"
      mih={MIN_HEIGHT}
      p="md"
      style={{
        border: '1px dashed var(--mantine-color-dark-3)',
        borderRadius: 'var(--mantine-radius-md)',
        display: 'grid',
        placeItems: 'center',
        textAlign: 'center',
      }}
    >
      <div>
        <Text fw={800}>Advertise here</Text>
        <Text c="dimmed" fz="sm">
          Reach Brawl Stars players every week.{' '}
          {/* Text rather than Anchor: the landing page does not load Anchor's styles. */}
          <Text component={Link} to={paths.contact} fz="sm" c="brand.4" fw={700} td="underline">
            Contact us
          </Text>
        </Text>
      </div>
    </Box>
  );
}

export function AdSlot(props: { client?: string; slot?: string }) {
  const override = props.client !== undefined || props.slot !== undefined ? props : undefined;
  const config = useAdConfig(override);
  const client = config?.client;
  const slot = config?.slot;
  const ref = useRef<HTMLModElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    if (!client || !slot || !ref.current || ref.current.dataset.adsbygoogleStatus) return;
    loadAdSense(client);
    try {
      (window.adsbygoogle = window.adsbygoogle || []).push({});
    } catch {
      // An ad blocker or a slot that is already filled: the page works without the ad.
    }
  }, [client, slot]);

  // On the admin dashboard there are no ads, even if a slot is ever placed there.
  if (!config || pathname === paths.adminDashboard) return null;
  if (!client || !slot) return <HouseSlot />;

  return (
    <Box component="section" aria-label="Advertisement" mih={MIN_HEIGHT}>
      <ins
        ref={ref}
        className="adsbygoogle"
        style={{ display: 'block', minHeight: MIN_HEIGHT }}
        data-ad-client={client}
        data-ad-slot={slot}
        data-ad-format="auto"
        data-full-width-responsive="true"
      />
    </Box>
  );
}
