// A tournament's staff: who helps run it (co-organisers run it like an administrator but cannot
// delete it; moderators check teams in and settle results). Administrators and co-organisers add a
// player by username with a role and remove them; moderators read the list.
import { useState } from 'react';
import { Button, Center, Group, Loader, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/errors';
import { useStaffAccess, type StaffRole } from '@/lib/staff';
import { addStaffSchema, useAddStaff } from '../api/add-staff';
import { STAFF_ROLE_LABELS, useStaff, type StaffMember } from '../api/get-staff';
import { useRemoveStaff } from '../api/remove-staff';
import { useTournamentAdmin } from './tournament-admin';

export function StaffPanel() {
  const { tournament } = useTournamentAdmin();
  const { canOrganise } = useStaffAccess();
  const staff = useStaff(tournament.id);
  const remove = useRemoveStaff(tournament.id);
  const organiser = canOrganise(tournament.id);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Co-organisers run this tournament like an administrator but cannot delete it. Moderators check teams in and
        settle disputes and results.
      </Text>
      {organiser && <AddStaffForm tournamentId={tournament.id} />}
      <FormError message={remove.error ? errorMessage(remove.error) : null} />
      {staff.isPending ? (
        <Center py="lg" role="status" aria-label="Loading staff...">
          <Loader size="sm" />
        </Center>
      ) : staff.isError ? (
        <FormError message={errorMessage(staff.error)} />
      ) : staff.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          No staff yet: administrators run this tournament.
        </Text>
      ) : (
        <StaffTable
          members={staff.data}
          onRemove={organiser ? (member) => remove.mutate(member.user_id) : undefined}
          removing={remove.isPending ? remove.variables : undefined}
        />
      )}
    </Stack>
  );
}

function StaffTable({
  members,
  onRemove,
  removing,
}: {
  members: StaffMember[];
  onRemove?: (member: StaffMember) => void;
  removing?: string;
}) {
  return (
    <Table aria-label="Staff" verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Player</Table.Th>
          <Table.Th>Role</Table.Th>
          {onRemove && <Table.Th aria-label="Actions" />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {members.map((member) => (
          <Table.Tr key={member.user_id}>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{member.username}</Table.Td>
            <Table.Td>{STAFF_ROLE_LABELS[member.role]}</Table.Td>
            {onRemove && (
              <Table.Td ta="right">
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${member.username}`}
                  loading={removing === member.user_id}
                  onClick={() => onRemove(member)}
                >
                  Remove
                </Button>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function AddStaffForm({ tournamentId }: { tournamentId: string }) {
  const add = useAddStaff(tournamentId);
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<StaffRole>('moderator');
  const [invalid, setInvalid] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = addStaffSchema.safeParse({ username, role });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setInvalid(null);
    add.mutate(parsed.data, { onSuccess: () => setUsername('') });
  };

  return (
    <form onSubmit={submit} aria-label="Add staff" noValidate>
      <Stack gap="xs">
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label="Username"
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
            error={invalid}
            style={{ flex: '1 1 12rem' }}
          />
          <NativeSelect
            label="Role"
            value={role}
            onChange={(event) => setRole(event.currentTarget.value as StaffRole)}
            data={[
              { value: 'moderator', label: STAFF_ROLE_LABELS.moderator },
              { value: 'co_organiser', label: STAFF_ROLE_LABELS.co_organiser },
            ]}
          />
          <Button type="submit" leftSection={<IconUserPlus size={16} aria-hidden />} loading={add.isPending}>
            Add to staff
          </Button>
        </Group>
        <FormError message={add.error ? errorMessage(add.error) : null} />
      </Stack>
    </form>
  );
}
