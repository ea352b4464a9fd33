// The Profile Information card: email (read-only), username and game ID, view <-> edit with Save
// and Cancel. Viewing needs no form code: the editing form (profile-form.tsx, with react-hook-form
// and zod) is fetched once the card is up, so it is normally there before the first Edit.
import { useEffect, useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { loadChunk } from '@/lib/chunk';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { useProfile } from '@/features/profile/api/get-profile';
import { ProfileFields } from './profile-fields';
import { PlayerIdCheckCard } from './player-id-check';

let formModule: typeof import('./profile-form') | undefined;
function loadForm() {
  return loadChunk(() => import('./profile-form')).then((m) => (formModule = m));
}

export function ProfileCard() {
  const { user } = useAuth();
  const profile = useProfile(user?.id);
  const [editing, setEditing] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    loadForm().catch(() => {});
  }, []);

  if (profile.isLoading) return <LoadingScreen label="Loading your Profile..." />;

  function edit() {
    setLoadError(null);
    if (formModule) return setEditing(true);
    loadForm().then(
      () => setEditing(true),
      (error: unknown) => setLoadError(errorMessage(error)),
    );
  }

  const ProfileForm = formModule?.ProfileForm;
  if (editing && ProfileForm) return <ProfileForm profile={profile} onDone={() => setEditing(false)} />;
  return (
    <Stack gap="lg">
      <ProfileFields
        profile={profile}
        editing={false}
        error={loadError}
        username={{ value: profile.data?.username ?? '' }}
        gameId={{ value: profile.data?.game_id ?? '' }}
        actions={
          <Button key="edit" onClick={edit} disabled={!profile.data} leftSection={<IconPencil size={16} aria-hidden />}>
            Edit
          </Button>
        }
      />
      {profile.data && user && <PlayerIdCheckCard profile={profile.data} userId={user.id} />}
    </Stack>
  );
}
