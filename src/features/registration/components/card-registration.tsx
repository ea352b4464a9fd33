// The foot of a tournament card: Register Now / Close Registration opening the registration form
// under it, then the ad countdown and the Discord link; or why the player cannot register (already
// registered, full).
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Button, Center, Group, Text } from '@mantine/core';
import { IconChevronUp, IconCircleCheck, IconLock } from '@tabler/icons-react';
import { FormError } from '@/components/ui/form-error';
import { loadChunk } from '@/lib/chunk';
import { errorMessage } from '@/lib/errors';
import type { TournamentWithMyTeam } from '@/lib/get-tournaments';
import { ALREADY_REGISTERED_MESSAGE, FULL_MESSAGE } from '../api/register-team-messages';
import { RegistrationSuccess } from './registration-success';
import { LoadingSpinner } from '@/components/ui/loading-screen';

// The form's code (react-hook-form, zod and its resolver) is not part of /home's first download: a
// card starts loading it when the player shows they may register (a pointer over Register Now, a
// touch, the focus), so it is normally there by the tap; a loader shows for the rest.
let formModule: typeof import('./registration-form') | undefined;
function preloadRegistrationForm() {
  return loadChunk(() => import('./registration-form')).then((m) => (formModule = m));
}

/** A failed download is reported when the form is opened. */
const preloadForm = () => void preloadRegistrationForm().catch(() => {});

type Props = { tournament: TournamentWithMyTeam; full: boolean };

export function CardRegistration({ tournament, full }: Props) {
  const [open, setOpen] = useState(false);
  const [success, setSuccess] = useState(false);
  const formId = useId();
  const alreadyRegistered = tournament.my_team.length > 0;
  const formOpen = open && !full && !alreadyRegistered;
  const form = useFormModule(formOpen);

  return (
    <>
      <div style={{ marginTop: 'auto' }}>
        {alreadyRegistered ? (
          <Reason icon={<IconCircleCheck size={18} aria-hidden style={{ flexShrink: 0 }} />} color="green.4">
            {ALREADY_REGISTERED_MESSAGE}
          </Reason>
        ) : full ? (
          <Reason icon={<IconLock size={18} aria-hidden style={{ flexShrink: 0 }} />} color="red.4">
            {FULL_MESSAGE}
          </Reason>
        ) : (
          <Button
            fullWidth
            size="md"
            variant={open ? 'default' : 'filled'}
            aria-expanded={formOpen}
            aria-controls={formOpen ? formId : undefined}
            onClick={() => setOpen((o) => !o)}
            onPointerEnter={preloadForm}
            onTouchStart={preloadForm}
            onFocus={preloadForm}
            rightSection={open ? <IconChevronUp size={16} aria-hidden /> : undefined}
          >
            {open ? 'Close Registration' : 'Register Now'}
          </Button>
        )}
      </div>

      {formOpen && !form.RegistrationForm && (
        <Center id={formId}>{form.error ? <FormError message={form.error} /> : <LoadingSpinner size="sm" />}</Center>
      )}
      {formOpen && form.RegistrationForm && (
        <form.RegistrationForm
          id={formId}
          tournament={tournament}
          onRegistered={() => {
            setOpen(false);
            setSuccess(true);
          }}
        />
      )}

      {success && <RegistrationSuccess discordLink={tournament.discord_invite ?? null} />}
    </>
  );
}

/** The registration form's module once `wanted`: at once when preloaded, else after its download. */
function useFormModule(wanted: boolean) {
  const RegistrationForm = formModule?.RegistrationForm;
  const [error, setError] = useState<string | null>(null);
  const [, setLoaded] = useState(false);
  useEffect(() => {
    if (!wanted || RegistrationForm) return;
    preloadRegistrationForm().then(
      () => setLoaded(true),
      (e: unknown) => setError(errorMessage(e)),
    );
  }, [wanted, RegistrationForm]);
  return { RegistrationForm, error };
}

function Reason({ icon, color, children }: { icon: ReactNode; color: string; children: string }) {
  return (
    <Group gap="xs" wrap="nowrap" c={color}>
      {icon}
      <Text size="sm" fw={600}>
        {children}
      </Text>
    </Group>
  );
}
