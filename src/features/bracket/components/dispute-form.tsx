// The other captain's dispute: what is wrong with the reported result, required, up to 500 characters.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { errorMessage } from '@/lib/errors';
import { FormError } from '@/components/ui/form-error';
import { disputeMatchSchema, useDisputeMatch, type DisputeMatchInput } from '@/features/bracket/api/dispute-match';

type Props = { matchId: string; tournamentId: string; onDone: () => void; onCancel: () => void };

export function DisputeForm({ matchId, tournamentId, onDone, onCancel }: Props) {
  const dispute = useDisputeMatch(tournamentId);
  const form = useForm<DisputeMatchInput>({
    resolver: zodResolver(disputeMatchSchema),
    defaultValues: { comment: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await dispute.mutateAsync({ matchId, input });
      onDone();
    } catch (error) {
      form.setError('root', { message: errorMessage(error) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Dispute result">
      <Stack gap="sm">
        <FormError message={errors.root?.message} />
        <Textarea
          label="What is wrong with this result?"
          required
          autosize
          minRows={3}
          {...form.register('comment')}
          error={errors.comment?.message}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" color="red.9" loading={isSubmitting}>
            Send dispute
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
