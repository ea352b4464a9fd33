// A captain's report, game by game: who won each game. The best-of's rule is checked here with the
// database's words before anything is sent (no 3-0 in a best of 3); what the database still refuses
// is shown in the same box.
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/InlineInput.css';
import { errorMessage } from '@/lib/errors';
import { FormError } from '@/components/ui/form-error';
import { gamesToWin, scoreOf } from '@/lib/best-of';
import { reportMatchSchema, useReportMatch, type ReportMatchInput } from '@/features/bracket/api/report-match';
import type { Match } from '@/features/bracket/api/get-bracket';
import '@mantine/core/styles/Radio.css';

type Props = {
  match: Match;
  tournamentId: string;
  team1: string;
  team2: string;
  onDone: () => void;
  onCancel: () => void;
};

export function ReportForm({ match, tournamentId, team1, team2, onDone, onCancel }: Props) {
  const report = useReportMatch(tournamentId);
  const form = useForm<ReportMatchInput>({
    resolver: zodResolver(reportMatchSchema(match.best_of)),
    defaultValues: { games: Array.from({ length: gamesToWin(match.best_of) }, () => ({ winner: '' })) },
  });
  const games = useFieldArray({ control: form.control, name: 'games' });
  const { errors, isSubmitting } = form.formState;
  const [score1, score2] = scoreOf(useWatch({ control: form.control, name: 'games' }).map((g) => g.winner));

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await report.mutateAsync({ matchId: match.id, input });
      onDone();
    } catch (error) {
      form.setError('root', { message: errorMessage(error) });
    }
  });

  const gamesError = errors.games?.root?.message ?? errors.games?.message;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Report result">
      <Stack gap="sm">
        <FormError message={errors.root?.message ?? gamesError} />
        {games.fields.map((field, index) => (
          <Controller
            key={field.id}
            control={form.control}
            name={`games.${index}.winner`}
            render={({ field: f, fieldState }) => (
              <Radio.Group
                label={`Game ${index + 1} winner`}
                value={f.value}
                onChange={f.onChange}
                error={fieldState.error?.message}
              >
                <Group gap="md" mt={4}>
                  <Radio value="1" label={team1} />
                  <Radio value="2" label={team2} />
                </Group>
              </Radio.Group>
            )}
          />
        ))}
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => games.append({ winner: '' })}
            disabled={games.fields.length >= match.best_of}
          >
            Add game
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => games.remove(games.fields.length - 1)}
            disabled={games.fields.length <= 1}
          >
            Remove last game
          </Button>
        </Group>
        <Text size="sm" aria-live="polite">
          Score: {team1} {score1}, {team2} {score2}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Send result
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
