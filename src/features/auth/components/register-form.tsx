// Create Account: email, username, game ID, password. Signed up, the player lands on /home.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/PasswordInput.css';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { isRuleError } from '@/lib/errors';
import { gameIdTaken } from '@/lib/database-errors';
import { FormError } from '@/components/ui/form-error';
import { GameIdInput } from '@/components/ui/game-id-input';
import {
  signUp,
  signUpErrorMessage,
  signUpSchema,
  type SignUpFields,
  type SignUpInput,
} from '@/features/auth/api/sign-up';
import { AuthCardHeader } from '@/features/auth/components/auth-card-header';
import { DiscordButton } from '@/features/auth/components/discord-button';
import { safeNext, withNext } from '@/features/auth/api/sign-in';

export function RegisterForm() {
  const navigate = useNavigate();
  // Prerendered (vite.config.ts): a tap on the button before the app has hydrated the form is held by
  // src/boot.ts and sent once it has; method="post" keeps the password out of the address even then.
  const [notice, setNotice] = useState<string | null>(null);
  // A shared tournament link's "sign up" comes back to that tournament.
  const next = safeNext(new URLSearchParams(useLocation().search).get('next'));
  const form = useForm<SignUpFields, unknown, SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { email: '', username: '', gameId: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    setNotice(null);
    try {
      const { session } = await signUp(input);
      if (session) navigate(next ?? paths.home, { replace: true });
      else setNotice('Account created. Check your email to confirm it, then sign in.');
    } catch (error) {
      const message = signUpErrorMessage(error);
      // Another account's game ID is a mistake in that field: say it there.
      if (isRuleError(error, gameIdTaken)) form.setError('gameId', { message }, { shouldFocus: true });
      else form.setError('root', { message });
    }
  });

  return (
    <>
      <AuthCardHeader title="Create Account" subtitle="Join the arena and start competing" backTo={paths.landing} />
      <form onSubmit={onSubmit} method="post" noValidate>
        <Stack gap="md">
          <FormError message={errors.root?.message} />
          {notice && (
            <Text role="status" c="brand.3">
              {notice}
            </Text>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            {...form.register('email')}
            error={errors.email?.message}
          />
          <TextInput
            label="Username"
            autoComplete="username"
            {...form.register('username')}
            error={errors.username?.message}
          />
          <GameIdInput {...form.register('gameId')} error={errors.gameId?.message} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            {...form.register('password')}
            error={errors.password?.message}
          />
          <Button type="submit" size="md" loading={isSubmitting} disabled={isSubmitting} fullWidth>
            Create Account
          </Button>
          <DiscordButton next={next} onError={(message) => form.setError('root', { message })} />
          <Text ta="center" fz="sm">
            Already have an account?{' '}
            <Anchor component={Link} to={withNext(paths.login, next)} fw={700} fz="inherit">
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </>
  );
}
