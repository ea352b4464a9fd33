// Set a new password after the mailed recovery link signed the person in. Without that session the
// screen says so and points to /forgotpassword.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/PasswordInput.css';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { FormError } from '@/components/ui/form-error';
import { LoadingScreen } from '@/components/ui/loading-screen';
import {
  PASSWORD_UPDATED,
  newPasswordSchema,
  updatePassword,
  type NewPasswordInput,
} from '@/features/auth/api/update-password';
import { AuthCardHeader } from '@/features/auth/components/auth-card-header';

export function ResetPasswordForm() {
  const { user, loading } = useAuth();
  const [done, setDone] = useState(false);
  const form = useForm<NewPasswordInput>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await updatePassword(input);
      setDone(true);
    } catch (error) {
      form.setError('root', { message: errorMessage(error) });
    }
  });

  if (loading) return <LoadingScreen label="Checking your reset link..." />;

  if (!user && !done) {
    return (
      <>
        <AuthCardHeader title="Set a new password" />
        <Stack gap="md" mt="md">
          <Alert color="orange" variant="light" role="alert">
            This password reset link is invalid or has expired. Request a new one to continue.
          </Alert>
          <Button component={Link} to={paths.forgotPassword} fullWidth>
            Request a new link
          </Button>
        </Stack>
      </>
    );
  }

  if (done) {
    return (
      <>
        <AuthCardHeader title="Set a new password" />
        <Stack gap="md" mt="md">
          <Alert color="green" variant="light" role="status">
            {PASSWORD_UPDATED}
          </Alert>
          <Button component={Link} to={paths.home} fullWidth>
            Go to Home
          </Button>
        </Stack>
      </>
    );
  }

  return (
    <>
      <AuthCardHeader title="Set a new password" subtitle={user?.email ? `For ${user.email}` : undefined} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormError message={errors.root?.message} />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            {...form.register('password')}
            error={errors.password?.message}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            {...form.register('confirm')}
            error={errors.confirm?.message}
          />
          <Button type="submit" size="md" loading={isSubmitting} fullWidth>
            Update password
          </Button>
          <Text ta="center" fz="sm">
            <Anchor component={Link} to={paths.home}>
              Skip for now
            </Anchor>
          </Text>
        </Stack>
      </form>
    </>
  );
}
