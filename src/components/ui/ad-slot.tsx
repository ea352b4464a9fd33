// The one AdSense slot (landing page and /home). Publisher and slot ids come from the env
// (ADSENSE_CLIENT, ADSENSE_SLOT); without them nothing is loaded: a labelled placeholder in
// development, nothing at all in production. The config (and its zod parser) is read lazily so the
// landing page's initial bundle stays small.
import { useEffect, useRef, useState } from 'react';
import { Box, Text } from '@mantine/core';

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

export function AdSlot(props: { client?: string; slot?: string }) {
  const override = props.client !== undefined || props.slot !== undefined ? props : undefined;
  const config = useAdConfig(override);
  const client = config?.client;
  const slot = config?.slot;
  const ref = useRef<HTMLModElement>(null);

  useEffect(() => {
    if (!client || !slot || !ref.current || ref.current.dataset.adsbygoogleStatus) return;
    loadAdSense(client);
    try {
      (window.adsbygoogle = window.adsbygoogle || []).push({});
    } catch {
      // An ad blocker or a slot that is already filled: the page works without the ad.
    }
  }, [client, slot]);

  if (!config) return null;
  if (!client || !slot) {
    if (!import.meta.env.DEV) return null;
    return (
      <Box
        role="complementary"
        aria-label="Ad placeholder"
        mih={MIN_HEIGHT}
        style={{
          border: '1px dashed var(--mantine-color-dark-3)',
          borderRadius: 'var(--mantine-radius-md)',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <Text c="dimmed" fz="sm">
          Ad placeholder
        </Text>
      </Box>
    );
  }

  return (
    <Box component="aside" aria-label="Advertisement" mih={MIN_HEIGHT}>
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
