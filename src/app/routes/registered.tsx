// What follows a registration on a tournament's page (one chunk, loaded with the form): the Discord
// invite, then the offer of push notifications for check-in and the matches.
import type { ComponentProps } from 'react';
import { RegistrationSuccess } from '@/features/registration/components/registration-success';
import { PushOffer } from '@/features/notifications/components/push-offer';

export function Registered(props: ComponentProps<typeof RegistrationSuccess>) {
  return (
    <>
      <RegistrationSuccess {...props} />
      <PushOffer compact />
    </>
  );
}
