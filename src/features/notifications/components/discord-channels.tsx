// Administrators, on the notifications page: which Discord channel each running tournament posts to
// (a channel's webhook URL: Server Settings, Integrations, Webhooks), and the deliveries that failed.
import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '@/lib/errors';
import {
  useFailedDeliveries,
  useSaveWebhook,
  useWebhooks,
  type WebhookRow,
} from '@/features/notifications/api/tournament-webhooks';
import classes from './discord-channels.module.css';
import { LoadingSpinner } from '@/components/ui/loading-screen';

function WebhookField({ row }: { row: WebhookRow }) {
  const [url, setUrl] = useState(row.url ?? '');
  const save = useSaveWebhook();
  return (
    <Stack gap={4}>
      <Group align="flex-end" gap="xs" wrap="wrap">
        {/* A plain input: Mantine's TextInput would split a chunk the tournament page shares (bench/bundle). */}
        <label className={classes.field}>
          <span>Discord webhook for {row.name}</span>
          <input
            type="url"
            placeholder="https://discord.com/api/webhooks/..."
            value={url}
            aria-invalid={save.isError || undefined}
            aria-describedby={save.isError ? `webhook-error-${row.id}` : undefined}
            onChange={(e) => setUrl(e.currentTarget.value)}
          />
        </label>
        <Button
          size="sm"
          aria-label={`Save the webhook for ${row.name}`}
          loading={save.isPending}
          onClick={() => save.mutate({ tournamentId: row.id, url: url.trim() })}
        >
          Save
        </Button>
        {row.url && (
          <Button
            size="sm"
            variant="default"
            aria-label={`Remove the webhook for ${row.name}`}
            onClick={() => save.mutate({ tournamentId: row.id, url: null }, { onSuccess: () => setUrl('') })}
          >
            Remove
          </Button>
        )}
      </Group>
      {save.error && (
        <Text size="sm" c="red.4" role="alert" id={`webhook-error-${row.id}`}>
          {errorMessage(save.error)}
        </Text>
      )}
      {save.isSuccess && (
        <Text size="xs" c="dimmed" role="status">
          {row.url ? 'Saved: BrawlCup posts there.' : 'Removed.'}
        </Text>
      )}
    </Stack>
  );
}

export function DiscordChannels() {
  const webhooks = useWebhooks();
  const failed = useFailedDeliveries();
  return (
    <Stack gap="md">
      <section aria-labelledby="discord-channels">
        <Title order={2} size="h5" id="discord-channels" mb="xs">
          Discord channels
        </Title>
        {webhooks.error ? (
          <Text c="red.4" role="alert">
            {errorMessage(webhooks.error)}
          </Text>
        ) : !webhooks.data ? (
          <LoadingSpinner size="sm" label="Loading the tournaments" />
        ) : (
          <Stack gap="sm">
            {webhooks.data.map((row) => (
              <WebhookField key={row.id} row={row} />
            ))}
          </Stack>
        )}
      </section>
      <section aria-labelledby="failed-deliveries">
        <Title order={2} size="h5" id="failed-deliveries" mb="xs">
          Deliveries that failed
        </Title>
        {failed.data?.length ? (
          <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
            {failed.data.map((f) => (
              <Text component="li" key={f.id} size="sm">
                {f.channel === 'push' ? 'Push' : 'Discord'}: {f.last_error ?? 'unknown error'}
              </Text>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {failed.data ? 'None: every push and post went out.' : ' '}
          </Text>
        )}
      </section>
    </Stack>
  );
}
