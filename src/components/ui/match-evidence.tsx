// A match's evidence: the screenshots its captains attached, as thumbnails that open the full image,
// and for a captain while the result is open, Attach screenshot. Shown in the match dialog and beside
// a disputed result on the admin screens; Storage's policies decide who sees and attaches what.
import { Anchor, Button, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconPhotoPlus } from '@tabler/icons-react';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/errors';
import { EVIDENCE_TYPES, useEvidence, useUploadEvidence } from '@/lib/evidence';
import { LoadingSpinner } from '@/components/ui/loading-screen';

type Props = { matchId: string; canAttach?: boolean; label?: string };

export function MatchEvidence({ matchId, canAttach = false, label = 'Evidence' }: Props) {
  const evidence = useEvidence(matchId);
  const upload = useUploadEvidence(matchId);
  const shots = evidence.data ?? [];
  return (
    <Stack gap={6} component="section" aria-label={label}>
      <Title order={3} size="h6">
        {label}
      </Title>
      {evidence.isPending && <LoadingSpinner size="xs" label="Loading screenshots" />}
      <FormError message={evidence.error ? errorMessage(evidence.error) : null} />
      {evidence.isSuccess && shots.length === 0 && (
        <Text size="sm" c="dimmed">
          No screenshots attached.
        </Text>
      )}
      {shots.length > 0 && (
        <Group gap="xs">
          {shots.map((shot, i) => (
            <Anchor key={shot.name} href={shot.url} target="_blank" rel="noopener noreferrer">
              <img
                src={shot.url}
                alt={`Screenshot ${i + 1}`}
                width={88}
                height={88}
                loading="lazy"
                style={{ objectFit: 'cover', borderRadius: 8, display: 'block' }}
              />
            </Anchor>
          ))}
        </Group>
      )}
      {canAttach && (
        <>
          <FormError message={upload.error ? errorMessage(upload.error) : null} />
          {upload.isSuccess && (
            <Text size="sm" role="status">
              Screenshot attached.
            </Text>
          )}
          <FileButton accept={EVIDENCE_TYPES.join(',')} onChange={(file) => file && upload.mutate(file)}>
            {(props) => (
              <Button
                {...props}
                variant="light"
                size="sm"
                loading={upload.isPending}
                leftSection={<IconPhotoPlus size={16} aria-hidden />}
                style={{ alignSelf: 'flex-start' }}
              >
                Attach screenshot
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            PNG, JPEG or WebP, up to 5 MB.
          </Text>
        </>
      )}
    </Stack>
  );
}
