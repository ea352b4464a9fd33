// Welcome Back: email and password. A spinner and a disabled button while signing in; administrators
// go to /admindashboard, everyone else to /home (or back where a guard or a same-site ?next= says).
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/PasswordInput.css';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { FormError } from '@/components/ui/form-error';
import type { FromState } from '@/components/layouts/guards';
import {
  destinationAfterSignIn,
  safeNext,
  withNext,
  signIn,
  signInErrorMessage,
  signInSchema,
  type SignInInput,
} from '@/features/auth/api/sign-in';
import { AuthCardHeader } from '@/features/auth/components/auth-card-header';
import { DiscordButton } from '@/features/auth/components/discord-button';

export function LoginForm() {
  const navigate = useNavigate();
  // Prerendered (vite.config.ts): a tap on the button before the app has hydrated the form is held by
  // src/boot.ts and sent once it has; method="post" keeps the password out of the address even then.
  const location = useLocation();
  const from = (location.state as FromState | null)?.from;
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  // A guard's redirect first, then a same-site ?next= (the tournament page's "sign in to register").
  const back = from
    ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`
    : safeNext(new URLSearchParams(location.search).get('next'));

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const user = await signIn(input);
      navigate(destinationAfterSignIn(user, back), { replace: true });
    } catch (error) {
      form.setError('root', { message: signInErrorMessage(error) });
    }
  });

  return (
    <>
      <AuthCardHeader title="Welcome Back" subtitle="Sign in to continue your journey" backTo={paths.landing} />
      <form onSubmit={onSubmit} method="post" noValidate>
        <Stack gap="md">
          <FormError message={errors.root?.message} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            {...form.register('email')}
            error={errors.email?.message}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            {...form.register('password')}
            error={errors.password?.message}
          />
          <Group justify="flex-end" mt={-8}>
            <Anchor component={Link} to={paths.forgotPassword} fz="sm">
              Forgot your password?
            </Anchor>
          </Group>
          <Button type="submit" size="md" loading={isSubmitting} disabled={isSubmitting} fullWidth>
            Sign in
          </Button>
          <DiscordButton next={back} onError={(message) => form.setError('root', { message })} />
          <Text ta="center" fz="sm">
            Don&apos;t have an account?{' '}
            <Anchor component={Link} to={withNext(paths.register, back)} fw={700} fz="inherit">
              Sign up
            </Anchor>
          </Text>
        </Stack>
      </form>
    </>
  );
}
