// The Profile Information card while editing: username and game ID with Save and Cancel. Errors in
// the form's red box (or under the game ID it is about), success as a notification.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@mantine/core';
import { IconDeviceFloppy, IconX } from '@tabler/icons-react';
import { useAuth } from '@/lib/auth';
import { errorMessage, isRuleError } from '@/lib/errors';
import { gameIdTaken } from '@/lib/database-errors';
import type { useProfile } from '@/features/profile/api/get-profile';
import {
  PROFILE_SAVED,
  updateProfileSchema,
  useUpdateProfile,
  type UpdateProfileFields,
  type UpdateProfileInput,
} from '@/features/profile/api/update-profile';
import { ProfileFields } from './profile-fields';

export function ProfileForm({ profile, onDone }: { profile: ReturnType<typeof useProfile>; onDone: () => void }) {
  const { user } = useAuth();
  const update = useUpdateProfile();
  const form = useForm<UpdateProfileFields, unknown, UpdateProfileInput>({
    resolver: zodResolver(updateProfileSchema),
    values: { username: profile.data?.username ?? '', gameId: profile.data?.game_id ?? '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await update.mutateAsync({ userId: user!.id, input });
      onDone();
      // The notifications code is loaded by the provider after the first paint, not with this screen.
      const { notifications } = await import('@mantine/notifications');
      notifications.show({ color: 'green', title: 'Saved', message: PROFILE_SAVED });
    } catch (error) {
      const message = errorMessage(error);
      // Another account's game ID is a mistake in that field: say it there.
      if (isRuleError(error, gameIdTaken)) form.setError('gameId', { message }, { shouldFocus: true });
      else form.setError('root', { message });
    }
  });

  return (
    <ProfileFields
      profile={profile}
      editing
      error={errors.root?.message}
      onSubmit={onSubmit}
      username={{ ...form.register('username'), error: errors.username?.message }}
      gameId={{ ...form.register('gameId'), error: errors.gameId?.message }}
      actions={
        <>
          <Button
            key="cancel"
            variant="default"
            onClick={onDone}
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
      }
    />
  );
}
