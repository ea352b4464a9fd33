// The registration form inside a tournament card (spec sections 4 and 5): a visitor is asked to sign
// in, an account without a player ID to complete its profile, and everyone else gets the form
// (registration-entry-form.tsx), player 1 filled in as themself: the solo entrant, or the captain.
import { Link } from 'react-router-dom';
import { Button, Center, Stack, Text } from '@mantine/core';
import { IconLogin, IconUserCheck } from '@tabler/icons-react';
import { FormError } from '@/components/ui/form-error';
import { useAuth } from '@/lib/auth';
import { useOwnPlayer } from '@/lib/profile-status';
import { paths } from '@/config/paths';
import { SIGN_IN_MESSAGE } from '../api/register-team-messages';
import { EntryForm, type Props } from './registration-entry-form';
import { LoadingSpinner } from '@/components/ui/loading-screen';

export function RegistrationForm(props: Props) {
  const { id, next } = props;
  const { user, isAdmin } = useAuth();
  const { own, known, failed } = useOwnPlayer(user?.id);

  if (!user) {
    return (
      <Stack gap="sm" id={id}>
        <FormError message={SIGN_IN_MESSAGE} />
        <Button
          component={Link}
          to={next ? `${paths.login}?next=${encodeURIComponent(next)}` : paths.login}
          variant="light"
          leftSection={<IconLogin size={16} aria-hidden />}
        >
          Sign in
        </Button>
      </Stack>
    );
  }

  // A failed read leaves the form empty rather than waiting: the database checks the IDs anyway.
  if (!known && !failed) {
    return (
      <Center id={id}>
        <LoadingSpinner size="sm" />
      </Center>
    );
  }

  // An account made with Discord has no player ID yet: it completes its profile first.
  if (known && !isAdmin && !own?.gameId) {
    const back = next ?? `${window.location.pathname}${window.location.search}`;
    return (
      <Stack gap="sm" id={id}>
        <Text>Add your Brawl Stars player ID to your profile to register.</Text>
        <Button
          component={Link}
          to={`${paths.completeProfile}?${new URLSearchParams({ next: back })}`}
          variant="light"
          leftSection={<IconUserCheck size={16} aria-hidden />}
        >
          Complete your profile
        </Button>
      </Stack>
    );
  }

  return <EntryForm {...props} own={own} />;
}
