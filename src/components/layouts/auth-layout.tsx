// The frame of the sign-in screens: the brand above one centred card.
import '@/components/layouts/styles-app';
import { Center, Container, Group, Paper, Text } from '@mantine/core';
import { Link, Outlet } from 'react-router-dom';
import { paths } from '@/config/paths';

export default function AuthLayout() {
  return (
    <Container component="main" size={460} py={{ base: 'lg', sm: 48 }} px="sm">
      <Center mb="lg">
        <Link to={paths.landing} style={{ textDecoration: 'none' }}>
          <Group gap="xs">
            <img src="/logo.svg" alt="" width={40} height={40} />
            <Text component="span" fw={900} fz={28} c="brand.4">
              BrawlCup
            </Text>
          </Group>
        </Link>
      </Center>
      <Paper p={{ base: 'md', sm: 'xl' }} radius="lg" bg="dark.6" shadow="xl">
        <Outlet />
      </Paper>
    </Container>
  );
}
