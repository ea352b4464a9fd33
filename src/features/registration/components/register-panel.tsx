// Registering from a tournament's page while registration is open: Register (Join the waitlist when
// it is full) opens the registration form; a visitor is asked to sign in and come back here.
import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Center, Stack, Text } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { FormError } from '@/components/ui/form-error';
import { paths } from '@/config/paths';
import { FULL_MESSAGE, SIGN_IN_MESSAGE } from '../api/register-team-messages';
import type { RegisteredTeam, RegistrationParts, ViewedTournament } from './viewer-action';
import { LoadingSpinner } from '@/components/ui/loading-screen';

type Props = {
  tournament: ViewedTournament;
  registration: RegistrationParts;
  signedIn: boolean;
  joinDiscord: ReactNode;
  /** Whether Register was tapped: the viewer's part keeps it, so it outlives this panel (see there). */
  open: boolean;
  setOpen: (open: boolean) => void;
  onRegistered: (team: RegisteredTeam) => void;
};

export function RegisterPanel({ tournament, registration, signedIn, joinDiscord, open, setOpen, onRegistered }: Props) {
  const { Form, preload } = registration;
  const full = tournament.registered_teams >= tournament.slots;
  const here = paths.tournament(tournament.id);
  return (
    <Stack gap="sm">
      {full && (
        <Text fw={700} c="red.4">
          {FULL_MESSAGE}
        </Text>
      )}
      {joinDiscord}
      {!open ? (
        <Button
          size="md"
          onClick={() => setOpen(true)}
          onPointerEnter={preload}
          onTouchStart={preload}
          onFocus={preload}
          style={{ alignSelf: 'flex-start' }}
        >
          {full ? 'Join the waitlist' : 'Register'}
        </Button>
      ) : !signedIn ? (
        <Stack gap="sm">
          <FormError message={SIGN_IN_MESSAGE} />
          <Button
            component={Link}
            to={`${paths.login}?next=${here}`}
            variant="light"
            leftSection={<IconLogin size={16} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
          >
            Sign in
          </Button>
        </Stack>
      ) : (
        <>
          <Suspense
            fallback={
              <Center>
                <LoadingSpinner size="sm" />
              </Center>
            }
          >
            <Form
              tournament={tournament}
              waitlist={full}
              next={here}
              onRegistered={(team) => {
                setOpen(false);
                onRegistered(team);
              }}
            />
          </Suspense>
          <Button variant="subtle" color="gray" onClick={() => setOpen(false)} style={{ alignSelf: 'flex-start' }}>
            Cancel
          </Button>
        </>
      )}
    </Stack>
  );
}
