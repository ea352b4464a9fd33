// The Profile Information card: email (read-only), username and game ID, view <-> edit with Save
// and Cancel. Errors in the form's red box, success as a notification.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy, IconPencil, IconX } from '@tabler/icons-react';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { GAME_ID_TAKEN_MESSAGE, PLAYER_ID_HINT, PLAYER_ID_INPUT } from '@/lib/player-rules';
import { FormError } from '@/components/ui/form-error';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { useProfile, type Profile } from '@/features/profile/api/get-profile';
import {
  PROFILE_SAVED,
  updateProfileSchema,
  useUpdateProfile,
  type UpdateProfileFields,
  type UpdateProfileInput,
} from '@/features/profile/api/update-profile';

function toFields(profile: Profile | undefined): UpdateProfileFields {
  return { username: profile?.username ?? '', gameId: profile?.game_id ?? '' };
}

export function ProfileCard() {
  const { user } = useAuth();
  const profile = useProfile(user?.id);
  const update = useUpdateProfile();
  const [editing, setEditing] = useState(false);
  const form = useForm<UpdateProfileFields, unknown, UpdateProfileInput>({
    resolver: zodResolver(updateProfileSchema),
    values: toFields(profile.data),
  });
  const { errors, isSubmitting } = form.formState;

  if (profile.isLoading) return <LoadingScreen label="Loading your Profile..." />;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await update.mutateAsync({ userId: user!.id, input });
      setEditing(false);
      // The notifications code is loaded by the provider after the first paint, not with this screen.
      const { notifications } = await import('@mantine/notifications');
      notifications.show({ color: 'green', title: 'Saved', message: PROFILE_SAVED });
    } catch (error) {
      const message = errorMessage(error);
      // Another account's game ID is a mistake in that field: say it there.
      if (message === GAME_ID_TAKEN_MESSAGE) form.setError('gameId', { message }, { shouldFocus: true });
      else form.setError('root', { message });
    }
  });

  function cancel() {
    form.reset(toFields(profile.data));
    setEditing(false);
  }

  return (
    <Card maw={560} mx="auto" w="100%" p={{ base: 'md', sm: 'xl' }} radius="lg" shadow="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Profile Information
          </Title>
          <FormError message={profile.error ? errorMessage(profile.error) : errors.root?.message} />
          {profile.isError && (
            <Button variant="default" onClick={() => void profile.refetch()} style={{ alignSelf: 'flex-start' }}>
              Try again
            </Button>
          )}
          <TextInput label="Email" value={profile.data?.email ?? user?.email ?? ''} readOnly variant="filled" />
          <TextInput
            label="Username"
            readOnly={!editing}
            variant={editing ? 'default' : 'filled'}
            {...form.register('username')}
            error={errors.username?.message}
          />
          <TextInput
            label="Game ID"
            readOnly={!editing}
            variant={editing ? 'default' : 'filled'}
            placeholder={editing ? '#ABC123XYZ' : 'Not set'}
            description={editing ? PLAYER_ID_HINT : undefined}
            {...PLAYER_ID_INPUT}
            {...form.register('gameId')}
            error={errors.gameId?.message}
          />
          <Group justify="flex-end" gap="sm">
            {editing ? (
              <>
                <Button
                  key="cancel"
                  variant="default"
                  onClick={cancel}
                  disabled={isSubmitting}
                  leftSection={<IconX size={16} aria-hidden />}
                >
                  Cancel
                </Button>
                <Button
                  key="save"
                  type="submit"
                  loading={isSubmitting}
                  leftSection={<IconDeviceFloppy size={16} aria-hidden />}
                >
                  Save
                </Button>
              </>
            ) : (
              <Button
                key="edit"
                onClick={() => setEditing(true)}
                disabled={!profile.data}
                leftSection={<IconPencil size={16} aria-hidden />}
              >
                Edit
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
