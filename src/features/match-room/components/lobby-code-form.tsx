// The host captain's form for the room code or invite link, checked with the same rule as the
// database (post-lobby.ts) before it is sent.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { errorMessage } from '@/lib/errors';
import { FormError } from '@/components/ui/form-error';
import { lobbyCodeSchema, usePostLobby, type LobbyCodeInput } from '@/features/match-room/api/post-lobby';

export function LobbyCodeForm({ matchId, posted }: { matchId: string; posted: boolean }) {
  const post = usePostLobby(matchId);
  const form = useForm<LobbyCodeInput>({ resolver: zodResolver(lobbyCodeSchema), defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await post.mutateAsync(values);
      form.reset();
    } catch (error) {
      form.setError('root', { message: errorMessage(error) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Post the room code">
      <Stack gap={4}>
        <FormError message={errors.root?.message} />
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            label={posted ? 'New room code or invite link' : 'Room code or invite link'}
            autoComplete="off"
            style={{ flex: 1 }}
            {...form.register('code')}
            error={errors.code?.message}
          />
          <Button type="submit" loading={isSubmitting} mt={25}>
            Post
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
