// The acting captain's choice at the open step: a search over the brawlers (or the maps) still open
// to them, one tap to choose. The database has the last word (another click may have taken the step).
import { useState } from 'react';
import { Button, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { errorMessage } from '@/lib/errors';
import { FormError } from '@/components/ui/form-error';
import { useDraftAct } from '@/features/match-room/api/draft-act';

type Choice = { id: string; label: string; detail?: string };

export function ChoicePicker({
  matchId,
  step,
  choices,
  verb,
}: {
  matchId: string;
  step: number;
  choices: Choice[];
  verb: string;
}) {
  const [search, setSearch] = useState('');
  const act = useDraftAct(matchId);
  const needle = search.trim().toLowerCase();
  const shown = choices.filter((c) => !needle || c.label.toLowerCase().includes(needle));
  return (
    <Stack gap="xs">
      <FormError message={act.error ? errorMessage(act.error) : null} />
      <TextInput
        label={`Choose to ${verb}`}
        placeholder="Search"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing={6} role="group" aria-label="Choices">
        {shown.map((c) => (
          <Button
            key={c.id}
            variant="default"
            size="compact-md"
            h="auto"
            py={6}
            disabled={act.isPending}
            onClick={() => act.mutate({ step, choice: c.id })}
            aria-label={c.label}
          >
            <Stack gap={0} align="center">
              <Text size="sm" fw={600} lh={1.2}>
                {c.label}
              </Text>
              {c.detail && (
                <Text size="xs" c="dimmed" lh={1.2}>
                  {c.detail}
                </Text>
              )}
            </Stack>
          </Button>
        ))}
      </SimpleGrid>
      {shown.length === 0 && <Text size="sm">Nothing matches “{search}”.</Text>}
    </Stack>
  );
}
