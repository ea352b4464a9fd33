// The router's error screen: "Unexpected Application Error!" with the status and status text, or
// the message. A route chunk that failed to download offers a reload instead of a blank page.
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { isChunkLoadError } from '@/lib/chunk';

export function RouteError() {
  const error = useRouteError();
  if (isChunkLoadError(error)) {
    return (
      <Center mih="60vh" p="md">
        <Stack align="center" gap="md" role="alert">
          <Title order={2}>This page failed to load.</Title>
          <Text c="dimmed" ta="center">
            Check your connection, then try again.
          </Text>
          <Button onClick={() => window.location.reload()}>Retry</Button>
        </Stack>
      </Center>
    );
  }
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error ?? '');
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md" role="alert" maw={640}>
        <Title order={2}>Unexpected Application Error!</Title>
        <Text component="pre" ff="monospace" c="dark.0" ta="center" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
          {detail}
        </Text>
      </Stack>
    </Center>
  );
}
