// The tournament's Discord invite as a button: it opens in a new tab, without this page as opener.
import { Button } from '@mantine/core';
import { IconBrandDiscord } from '@tabler/icons-react';

export function JoinDiscord({ href, compact = false }: { href: string; compact?: boolean }) {
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      size={compact ? 'compact-sm' : undefined}
      color="indigo.8"
      leftSection={<IconBrandDiscord size={compact ? 16 : 18} aria-hidden />}
    >
      Join Discord
    </Button>
  );
}
