// Forgot Password: mails a reset link. Success and failure (the service's message, in red) show here.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/errors';
import { FormError } from '@/components/ui/form-error';
import {
  RESET_EMAIL_SENT,
  passwordResetSchema,
  sendPasswordReset,
  type PasswordResetInput,
} from '@/features/auth/api/send-password-reset';
import { AuthCardHeader } from '@/features/auth/components/auth-card-header';

export function ForgotPasswordForm() {
  const [sent, setSent] = useState(false);
  const form = useForm<PasswordResetInput>({
    resolver: zodResolver(passwordResetSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    setSent(false);
    try {
      await sendPasswordReset(input);
      setSent(true);
    } catch (error) {
      form.setError('root', { message: errorMessage(error) });
    }
  });

  return (
    <>
      <AuthCardHeader title="Forgot Password" subtitle="We'll email you a link to set a new one" backTo={paths.login} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormError message={errors.root?.message} />
          {sent && (
            <Alert color="green" variant="light" role="status">
              {RESET_EMAIL_SENT}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="email"
            {...form.register('email')}
            error={errors.email?.message}
          />
          <Button type="submit" size="md" loading={isSubmitting} fullWidth>
            Reset Password
          </Button>
          <Text ta="center" fz="sm">
            Remembered it?{' '}
            <Anchor component={Link} to={paths.login} fw={700} fz="inherit">
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </>
  );
}
