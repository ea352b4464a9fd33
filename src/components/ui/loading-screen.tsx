// A full-height centred loader with its label: what a screen shows while its data loads. It takes
// the same room the content will, so nothing jumps when the data arrives.
import { Center, Loader, Stack, Text } from '@mantine/core';

export function LoadingScreen({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center mih="60vh" w="100%" role="status" aria-live="polite">
      <Stack align="center" gap="md">
        <Loader color="yellow" size="lg" aria-hidden />
        <Text fw={600} c="gray.3">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
