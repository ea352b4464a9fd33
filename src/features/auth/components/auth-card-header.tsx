// The title row of an auth card: a Back button and the screen's heading.
import { Button, Group, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

export function AuthCardHeader({ title, subtitle, backTo }: { title: string; subtitle?: string; backTo?: string }) {
  return (
    <>
      {backTo && (
        <Group mb="sm">
          <Button
            component={Link}
            to={backTo}
            variant="subtle"
            color="gray"
            size="compact-sm"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            Back
          </Button>
        </Group>
      )}
      <Title order={1} fz={{ base: 26, sm: 30 }} ta="center">
        {title}
      </Title>
      {subtitle && (
        <Text c="dimmed" ta="center" mt={4} mb="lg">
          {subtitle}
        </Text>
      )}
    </>
  );
}
