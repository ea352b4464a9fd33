// Any path the app does not know, inside the app layout (header and <main> come from there).
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md">
        <Text fw={900} fz={72} c="brand.4" lh={1}>
          404
        </Text>
        <Title order={1} ta="center">
          Page not found
        </Title>
        <Text c="dimmed" ta="center">
          The page you are looking for does not exist or has moved.
        </Text>
        <Button component={Link} to={paths.landing}>
          Back to the start
        </Button>
      </Stack>
    </Center>
  );
}
