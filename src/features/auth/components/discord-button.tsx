// "Continue with Discord" on the sign-in and sign-up screens, when the project's Auth has Discord on.
// It keeps `next`: a shared tournament link comes back to that tournament.
import { useState } from 'react';
import { Button, Divider } from '@mantine/core';
import '@mantine/core/styles/Divider.css';
import { IconBrandDiscord } from '@tabler/icons-react';
import { useDiscordEnabled } from '@/lib/auth-settings';
import { errorMessage } from '@/lib/errors';
import { signInWithDiscord } from '@/features/auth/api/sign-in-with-discord';

export function DiscordButton({ next, onError }: { next?: string; onError: (message: string) => void }) {
  const enabled = useDiscordEnabled();
  const [leaving, setLeaving] = useState(false);
  // The slot is in the prerendered page: where the server says Discord is on, src/boot.ts loads the
  // app at once, which asks Auth (a build cannot know) and fills it.
  if (!enabled) return <div data-boot-discord />;
  return (
    <div data-boot-discord style={{ display: 'contents' }}>
      <Divider label="or" labelPosition="center" />
      <Button
        type="button"
        size="md"
        variant="default"
        fullWidth
        loading={leaving}
        leftSection={<IconBrandDiscord size={20} aria-hidden />}
        onClick={() => {
          setLeaving(true);
          signInWithDiscord(next).catch((error: unknown) => {
            setLeaving(false);
            onError(errorMessage(error));
          });
        }}
      >
        Continue with Discord
      </Button>
    </div>
  );
}
