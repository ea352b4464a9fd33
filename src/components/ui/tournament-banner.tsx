// A tournament's banner, cropped the same way on every screen (the player's cards, My Tournaments,
// the admin grid): the banners' own 12:5 shape (public/banners are 1200x500), covered and centred,
// so a wide title is never cut; a branded fallback when the image is missing or broken. The
// reserved shape means no jump when it loads.
import { useState } from 'react';
import { Center, Image, Skeleton } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import '@mantine/core/styles/Skeleton.css';

export const BANNER_ASPECT_RATIO = '12 / 5';
const shape = { aspectRatio: BANNER_ASPECT_RATIO, width: '100%' } as const;

/**
 * `priority`: the banner is in the first screen (the first row of cards, a tournament page's top), and
 * likely the largest thing painted there: fetched at once and first, not left to lazy loading, which
 * waits for layout and fetches at low priority.
 */
export function TournamentBanner({
  src,
  alt,
  priority = false,
}: {
  src: string | null;
  alt: string;
  priority?: boolean;
}) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) {
    return (
      <Center
        role="img"
        aria-label={alt}
        style={{
          ...shape,
          background:
            'linear-gradient(135deg, var(--mantine-color-brand-5), var(--mantine-color-orange-8) 55%, var(--mantine-color-grape-9))',
        }}
      >
        <IconTrophy size="35%" color="rgba(0,0,0,0.55)" aria-hidden />
      </Center>
    );
  }
  return (
    <Image
      src={src}
      alt={alt}
      fit="cover"
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      style={{ ...shape, objectPosition: 'center' }}
      onError={() => setBroken(true)}
    />
  );
}

/** The banner's place while the data loads. */
export function TournamentBannerSkeleton() {
  return <Skeleton radius={0} style={shape} />;
}
