// The completion step (/complete-profile?next=...): an account made with Discord chooses the username
// and Brawl Stars player ID that tournaments show, before it registers; then on to `next`.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { errorMessage, isRuleError } from '@/lib/errors';
import { safeNext } from '@/lib/safe-next';
import { gameIdTaken } from '@/lib/database-errors';
import { FormError } from '@/components/ui/form-error';
import { GameIdInput } from '@/components/ui/game-id-input';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { useProfile } from '@/features/profile/api/get-profile';
import {
  updateProfileSchema,
  useUpdateProfile,
  type UpdateProfileFields,
  type UpdateProfileInput,
} from '@/features/profile/api/update-profile';

/** The name Discord knows the player by, as a first suggestion. */
function suggestedUsername(metadata: Record<string, unknown> | undefined, current: string | undefined): string {
  const claims = metadata?.custom_claims as { global_name?: unknown } | undefined;
  const name = [claims?.global_name, metadata?.full_name, current].find((n) => typeof n === 'string' && n.trim());
  return typeof name === 'string' ? name.trim().slice(0, 30) : '';
}

export function CompleteProfileForm() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next')) ?? paths.home;
  const profile = useProfile(user?.id);
  const update = useUpdateProfile();
  const form = useForm<UpdateProfileFields, unknown, UpdateProfileInput>({
    resolver: zodResolver(updateProfileSchema),
    values: profile.data
      ? { username: suggestedUsername(user?.user_metadata, profile.data.username), gameId: profile.data.game_id ?? '' }
      : undefined,
  });
  const { errors, isSubmitting } = form.formState;

  if (profile.isLoading) return <LoadingScreen label="Loading your Profile..." />;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await update.mutateAsync({ userId: user!.id, input });
      navigate(next, { replace: true });
    } catch (error) {
      const message = errorMessage(error);
      if (isRuleError(error, gameIdTaken)) form.setError('gameId', { message }, { shouldFocus: true });
      else form.setError('root', { message });
    }
  });

  return (
    <Card maw={560} mx="auto" w="100%" p={{ base: 'md', sm: 'xl' }} radius="lg" shadow="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Complete your profile
          </Title>
          <Text c="dimmed">Choose the username tournaments show and add your Brawl Stars player ID to register.</Text>
          <FormError message={profile.error ? errorMessage(profile.error) : errors.root?.message} />
          <TextInput
            label="Username"
            autoComplete="username"
            {...form.register('username')}
            error={errors.username?.message}
          />
          <GameIdInput {...form.register('gameId')} error={errors.gameId?.message} />
          <Button type="submit" loading={isSubmitting} disabled={!profile.data}>
            Save and continue
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
