// A tournament's banner at a fixed height (no jump when it loads), with a branded fallback when the
// image is missing or broken.
import { useState } from 'react';
import { Center, Image } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';

export const BANNER_HEIGHT = 160;

export function TournamentBanner({ src, alt }: { src: string | null; alt: string }) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) {
    return (
      <Center
        h={BANNER_HEIGHT}
        role="img"
        aria-label={alt}
        style={{ background: 'linear-gradient(135deg, var(--mantine-color-brand-5), var(--mantine-color-orange-8) 55%, var(--mantine-color-grape-9))' }}
      >
        <IconTrophy size={56} color="rgba(0,0,0,0.55)" aria-hidden />
      </Center>
    );
  }
  return <Image src={src} alt={alt} h={BANNER_HEIGHT} fit="cover" loading="lazy" onError={() => setBroken(true)} />;
}
