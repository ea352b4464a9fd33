// One round as the administrator sees it between edits: what it is played as, its draft, and the
// buttons to change them while no result has fixed it and the tournament is not completed.
import { Badge, Button, Group, Text } from '@mantine/core';
import { roundHasResult } from '@/lib/database-errors';
import { roundSummary } from '../api/set-round-settings';
import type { Round } from './round-settings-rounds';

export const ROUND_LOCKED_MESSAGE = roundHasResult.message;

const DRAFT_KINDS: Record<string, string> = { off: 'off', maps: 'map draft', full: 'full draft' };

type Props = {
  round: Round;
  draftKind: string | undefined;
  completed: boolean;
  onEdit: () => void;
  onDraft: () => void;
};

export function RoundSettingsCard({ round: r, draftKind, completed, onEdit, onDraft }: Props) {
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <div style={{ minWidth: 0 }}>
        <Text fw={600}>{r.label}</Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {roundSummary(r.bestOf, r.games)}
        </Text>
        <Text size="sm" c="dimmed">
          Draft: {DRAFT_KINDS[draftKind ?? 'off']}
        </Text>
        {r.locked && !completed && (
          <Text size="sm" c="dimmed">
            {ROUND_LOCKED_MESSAGE}
          </Text>
        )}
      </div>
      <Group gap={6}>
        {!completed && (
          <Button size="compact-sm" variant="default" aria-label={`Draft of ${r.label}`} onClick={onDraft}>
            Draft
          </Button>
        )}
        {r.locked || completed ? (
          <Badge variant="light" color="gray" radius="sm">
            Read-only
          </Badge>
        ) : (
          <Button size="compact-sm" variant="light" aria-label={`Edit ${r.label}`} onClick={onEdit}>
            Edit
          </Button>
        )}
      </Group>
    </Group>
  );
}
