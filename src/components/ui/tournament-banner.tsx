// A tournament's banner at a fixed height (no jump when it loads), with a branded fallback when the
// image is missing or broken. Used by the player's cards and the admin grid.
import { useState } from 'react';
import { Center, Image } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';

export const BANNER_HEIGHT = 160;

export function TournamentBanner({ src, alt, height = BANNER_HEIGHT }: { src: string | null; alt: string; height?: number }) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) {
    return (
      <Center
        h={height}
        role="img"
        aria-label={alt}
        style={{ background: 'linear-gradient(135deg, var(--mantine-color-brand-5), var(--mantine-color-orange-8) 55%, var(--mantine-color-grape-9))' }}
      >
        <IconTrophy size={Math.round(height * 0.35)} color="rgba(0,0,0,0.55)" aria-hidden />
      </Center>
    );
  }
  return <Image src={src} alt={alt} h={height} fit="cover" loading="lazy" onError={() => setBroken(true)} />;
}
