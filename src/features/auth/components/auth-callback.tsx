// Where Auth sends a person back from Discord (/login/callback?next=...): an error Auth reported, in
// words for people, with the way back to sign in; else, once the session is read, on to the
// completion step when the account has no player ID yet, or to where they were going.
import { useEffect, useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { playerIdMissing } from '@/lib/profile-status';
import { FormError } from '@/components/ui/form-error';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { destinationAfterSignIn, safeNext } from '@/features/auth/api/sign-in';
import { discordErrorMessage, redirectError, DISCORD_FAILED } from '@/features/auth/api/sign-in-with-discord';
import { AuthCardHeader } from '@/features/auth/components/auth-card-header';

export function AuthCallback() {
  const navigate = useNavigate();
  const { user, loading } = useAuth();
  const location = useLocation();
  // Read once: the client clears the fragment as it takes the session from it.
  const [landing] = useState(() => ({
    error: redirectError(location.search, location.hash),
    next: safeNext(new URLSearchParams(location.search).get('next')),
  }));
  // Auth's error, or no session once it has been read (the fragment was lost on the way).
  const failure = landing.error ? discordErrorMessage(landing.error) : !loading && !user ? DISCORD_FAILED : null;

  useEffect(() => {
    if (landing.error || loading || !user) return;
    let active = true;
    playerIdMissing(user.id).then(
      (missing) => {
        if (!active) return;
        const to = destinationAfterSignIn(user, landing.next);
        if (missing && !user.app_metadata?.role)
          navigate(`${paths.completeProfile}?${new URLSearchParams({ next: to })}`, { replace: true });
        else navigate(to, { replace: true });
      },
      () => active && navigate(destinationAfterSignIn(user, landing.next), { replace: true }),
    );
    return () => {
      active = false;
    };
  }, [landing, loading, user, navigate]);

  if (!failure) return <LoadingScreen label="Signing you in..." />;
  const again = landing.next ? `${paths.login}?${new URLSearchParams({ next: landing.next })}` : paths.login;
  return (
    <>
      <AuthCardHeader title="Sign in" backTo={paths.landing} />
      <Stack gap="md">
        <FormError message={failure} />
        <Button component={Link} to={user ? (landing.next ?? paths.profile) : again} replace>
          {user ? 'Continue' : 'Back to sign in'}
        </Button>
      </Stack>
    </>
  );
}
