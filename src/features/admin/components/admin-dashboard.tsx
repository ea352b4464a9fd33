// The admin dashboard's frame (spec sections 2 and 4): its heading, Add Tournament, Manage
// Tournaments and Messages (the contact form's), and the notice of the last action. Below it, the screen the address names
// (app/router.tsx): the grid, the create or edit form, a tournament's roster or its bracket, so each
// has a link of its own and the browser's back button returns to the screen before.
import { useRef, useState } from 'react';
import { Outlet, useMatch, useNavigate, useOutletContext } from 'react-router-dom';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconInbox, IconLayoutGrid, IconPlus } from '@tabler/icons-react';
import { paths } from '@/config/paths';
import { useStaffAccess } from '@/lib/staff';
import { AdminNotice, type Notice } from './admin-notice';

/** What the dashboard's screens reach of their frame. */
export type AdminDashboardContext = {
  /** Shows a notice above the screen; null clears it. */
  notify: (notice: Notice) => void;
  /** Hands the focus to Add Tournament (a create form closing without a tournament to return to). */
  focusAdd: () => void;
};

export const useAdminDashboard = () => useOutletContext<AdminDashboardContext>();

export function AdminDashboard() {
  const navigate = useNavigate();
  const onGrid = useMatch(paths.adminDashboard) !== null;
  const creating = useMatch(paths.adminNewTournament) !== null;
  const reading = useMatch(paths.adminMessages) !== null;
  const [notice, setNotice] = useState<Notice>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const { isAdmin } = useStaffAccess();
  const context: AdminDashboardContext = { notify: setNotice, focusAdd: () => addButton.current?.focus() };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2" fw={900}>
            Admin Dashboard
          </Title>
          <Text c="dimmed" size="sm">
            {isAdmin ? 'Create, edit and run BrawlCup tournaments.' : 'Run the tournaments you are on the staff of.'}
          </Text>
        </div>
        <Group gap="sm">
          {isAdmin && (
            <Button
              ref={addButton}
              leftSection={<IconPlus size={16} aria-hidden />}
              variant={creating ? 'filled' : 'light'}
              aria-pressed={creating}
              onClick={() => {
                setNotice(null);
                navigate(paths.adminNewTournament);
              }}
            >
              Add Tournament
            </Button>
          )}
          <Button
            leftSection={<IconLayoutGrid size={16} aria-hidden />}
            variant={onGrid ? 'filled' : 'light'}
            aria-pressed={onGrid}
            onClick={() => navigate(paths.adminDashboard)}
          >
            Manage Tournaments
          </Button>
          <Button
            leftSection={<IconInbox size={16} aria-hidden />}
            variant={reading ? 'filled' : 'light'}
            aria-pressed={reading}
            onClick={() => {
              setNotice(null);
              navigate(paths.adminMessages);
            }}
          >
            Messages
          </Button>
        </Group>
      </Group>
      <AdminNotice notice={notice} onClose={() => setNotice(null)} />
      <Outlet context={context} />
    </Stack>
  );
}
