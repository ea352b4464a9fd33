// What someone who is not an administrator sees at an admin page (403). RLS still guards the data.
import { Anchor, Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

export function NotAllowed({ signedIn }: { signedIn: boolean }) {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md" maw={480}>
        <IconLock size={48} color="var(--mantine-color-orange-5)" aria-hidden />
        <Text fw={800} c="orange.4" fz="sm" tt="uppercase">
          403 · Not allowed
        </Text>
        <Title order={1} ta="center">
          You are not allowed to view this page
        </Title>
        <Text c="dimmed" ta="center">
          This page is for administrators only.
        </Text>
        <Button component={Link} to={paths.home}>
          Go to Home
        </Button>
        {!signedIn && (
          <Anchor component={Link} to={paths.login}>
            Sign in as an administrator
          </Anchor>
        )}
      </Stack>
    </Center>
  );
}
