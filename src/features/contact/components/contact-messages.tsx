// The administrators' inbox of contact-form messages: those waiting for an answer first, then the
// answered ones. Each shows who wrote, when, the subject and the message; Answer by e-mail opens the
// administrator's mail program with the reply addressed, and Mark answered (or Mark as waiting) keeps
// the list honest for the other administrators.
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconMail, IconRotate } from '@tabler/icons-react';
import { FormError } from '@/components/ui/form-error';
import { PlainText } from '@/components/ui/plain-text';
import { errorMessage } from '@/lib/errors';
import { formatTime } from '@/lib/schedule';
import { replyLink, useContactMessages, useMarkContactMessage, type ContactMessage } from '../api/get-contact-messages';
import { LoadingSpinner } from '@/components/ui/loading-screen';

export function ContactMessages() {
  const messages = useContactMessages();
  const mark = useMarkContactMessage();
  if (messages.isPending) return <LoadingSpinner label="Loading messages" />;
  if (messages.error) return <FormError message={errorMessage(messages.error)} />;
  const waiting = messages.data.filter((m) => !m.answered_at);
  const answered = messages.data.filter((m) => m.answered_at);
  const busyId = mark.isPending ? mark.variables?.id : undefined;
  const onMark = (m: ContactMessage, done: boolean) => mark.mutate({ id: m.id, answered: done });
  return (
    <Stack gap="lg">
      <FormError message={mark.error ? errorMessage(mark.error) : null} />
      <section aria-labelledby="messages-waiting">
        <Title order={2} size="h3" id="messages-waiting" mb="sm">
          Waiting for an answer ({waiting.length})
        </Title>
        {waiting.length === 0 ? (
          <Text c="dimmed">No message is waiting.</Text>
        ) : (
          <MessageList messages={waiting} busyId={busyId} onMark={onMark} />
        )}
      </section>
      {answered.length > 0 && (
        <section aria-labelledby="messages-answered">
          <Title order={2} size="h3" id="messages-answered" mb="sm">
            Answered ({answered.length})
          </Title>
          <MessageList messages={answered} busyId={busyId} onMark={onMark} />
        </section>
      )}
    </Stack>
  );
}

type ListProps = {
  messages: ContactMessage[];
  busyId: string | undefined;
  onMark: (m: ContactMessage, answered: boolean) => void;
};

function MessageList({ messages, busyId, onMark }: ListProps) {
  return (
    <Stack gap="sm">
      {messages.map((m) => (
        <Card key={m.id} component="article" aria-labelledby={`message-${m.id}`} withBorder radius="md" padding="md">
          <Stack gap="xs">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Title order={3} size="h5" id={`message-${m.id}`} style={{ overflowWrap: 'anywhere' }}>
                {m.subject}
              </Title>
              {m.answered_at && (
                <Badge color="green" variant="light" tt="none">
                  Answered {formatTime(m.answered_at)}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              From{' '}
              <Anchor href={`mailto:${m.email}`} underline="always">
                {m.email}
              </Anchor>{' '}
              · {formatTime(m.created_at)}
            </Text>
            <PlainText text={m.message} />
            <Group gap="xs">
              <Button
                component="a"
                href={replyLink(m)}
                size="compact-sm"
                leftSection={<IconMail size={14} aria-hidden />}
              >
                Answer by e-mail
              </Button>
              <Button
                size="compact-sm"
                variant="light"
                color={m.answered_at ? 'gray' : 'green'}
                loading={busyId === m.id}
                leftSection={m.answered_at ? <IconRotate size={14} aria-hidden /> : <IconCheck size={14} aria-hidden />}
                onClick={() => onMark(m, !m.answered_at)}
              >
                {m.answered_at ? 'Mark as waiting' : 'Mark answered'}
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
