// The Profile Information card's markup, shared by its two states: viewing (profile-card.tsx, with
// the first download) and editing (profile-form.tsx, fetched with react-hook-form and zod).
import type { FormEventHandler, ReactNode, Ref } from 'react';
import { Button, Card, Group, Stack, TextInput, Title, type TextInputProps } from '@mantine/core';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { PLAYER_ID_HINT, PLAYER_ID_INPUT } from '@/lib/player-rules';
import { FormError } from '@/components/ui/form-error';
import type { useProfile } from '@/features/profile/api/get-profile';

type Input = TextInputProps & { ref?: Ref<HTMLInputElement> };

type Props = {
  profile: ReturnType<typeof useProfile>;
  editing: boolean;
  /** The form's own error (its box), shown where the profile's read error is. */
  error?: string | null;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  username: Input;
  gameId: Input;
  actions: ReactNode;
};

export function ProfileFields({ profile, editing, error, onSubmit, username, gameId, actions }: Props) {
  const { user } = useAuth();
  return (
    <Card maw={560} mx="auto" w="100%" p={{ base: 'md', sm: 'xl' }} radius="lg" shadow="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Profile Information
          </Title>
          <FormError message={profile.error ? errorMessage(profile.error) : error} />
          {profile.isError && (
            <Button variant="default" onClick={() => void profile.refetch()} style={{ alignSelf: 'flex-start' }}>
              Try again
            </Button>
          )}
          <TextInput label="Email" value={profile.data?.email ?? user?.email ?? ''} readOnly variant="filled" />
          <TextInput label="Username" readOnly={!editing} variant={editing ? 'default' : 'filled'} {...username} />
          <TextInput
            label="Game ID"
            readOnly={!editing}
            variant={editing ? 'default' : 'filled'}
            placeholder={editing ? '#ABC123XYZ' : 'Not set'}
            description={editing ? PLAYER_ID_HINT : undefined}
            {...PLAYER_ID_INPUT}
            {...gameId}
          />
          <Group justify="flex-end" gap="sm">
            {actions}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
