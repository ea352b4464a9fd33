// What a screen shows while its data loads: a full-height centred loader with its label, taking the
// room the content will, so nothing jumps when the data arrives; or, for one part of a screen, a
// spinner alone, named by its label.
import { Center, Loader, Stack, Text, type LoaderProps } from '@mantine/core';

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

/**
 * A spinner in place of one part of a screen. It is a status named by its label: axe refuses an
 * aria-label on a span with no role. (Not the theme's Loader default: that would also make every
 * button's loading spinner an empty status.)
 */
export function LoadingSpinner({ label = 'Loading', size }: { label?: string; size?: LoaderProps['size'] }) {
  return <Loader size={size} role="status" aria-label={label} />;
}
