import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { AUTH_ERROR_CODES } from '@/api/auth';
import { errorMessage } from '@/api/client';
import type { LoginRedirectState } from '@/components';
import { homeForRole, paths } from '@/config/paths';
import { useSession } from '@/session';
import { useLogin } from './api/login';
import { useResendVerification } from './api/resend-verification';
import { AuthLayout } from './components/auth-layout';
import { StatusDialog } from './components/status-dialog';
import { linkErrorFromHash } from './link-error';
import { schemaValidator } from '@/lib/schema-validator';
import { AUTH_MESSAGES, loginSchema, type LoginValues } from './schemas';

/** Toast time before leaving the page (spec section 9). */
export const LOGIN_TOAST_MS = 1_500;

type LoginDialog = 'invalid-credentials' | 'unverified' | 'banned' | 'connection' | null;

/** Sign-in (spec section 2, Login; errors per section 8). */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { isSignedIn, user, setUser } = useSession();
  const loginMutation = useLogin();
  const resend = useResendVerification();
  const [dialog, setDialog] = useState<LoginDialog>(null);
  const [linkError] = useState(linkErrorFromHash);
  const [succeeded, setSucceeded] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const from = (location.state as LoginRedirectState | null)?.from;

  const form = useForm<LoginValues>({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: schemaValidator(loginSchema),
    validateInputOnBlur: true,
  });

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  // Already signed in (e.g. arriving from the confirmation link): go where the role belongs.
  if (isSignedIn && !succeeded) {
    return <Navigate to={from ?? homeForRole(user.role)} replace />;
  }

  const canSubmit = loginSchema.safeParse(form.values).success && !loginMutation.isPending;

  const handleSubmit = form.onSubmit((values) => {
    loginMutation.mutate(values, {
      onSuccess: ({ parsedUser }) => {
        setSucceeded(true);
        setUser(parsedUser);
        notifications.show({
          color: 'green',
          title: 'Login successful',
          message: `Welcome back${parsedUser.firstname ? `, ${parsedUser.firstname}` : ''}!`,
          autoClose: LOGIN_TOAST_MS,
        });
        redirectTimer.current = setTimeout(() => {
          const target = parsedUser.role === 'admin' ? paths.admin.root : (from ?? paths.home);
          navigate(target, { replace: true });
        }, LOGIN_TOAST_MS);
      },
      onError: (error) => {
        console.warn('Login failed:', error);
        if (error.code === AUTH_ERROR_CODES.invalidCredentials) {
          form.setFieldError('password', AUTH_MESSAGES.invalidCredentialsField);
          setDialog('invalid-credentials');
        } else if (error.code === AUTH_ERROR_CODES.emailNotConfirmed) {
          setDialog('unverified');
        } else if (error.code === AUTH_ERROR_CODES.userBanned) {
          setDialog('banned');
        } else {
          setDialog('connection');
        }
      },
    });
  });

  const handleResend = () => {
    resend.mutate(form.values.email, {
      onSuccess: () => {
        setDialog(null);
        notifications.show({
          color: 'green',
          title: 'Verification email sent',
          message: `A new confirmation link is on its way to ${form.values.email.trim()}.`,
        });
      },
      onError: (error) => {
        console.warn('Resend verification failed:', error);
        notifications.show({
          color: 'red',
          title: 'Could not resend the email',
          message: errorMessage(error),
        });
      },
    });
  };

  const closeDialog = () => setDialog(null);

  return (
    <AuthLayout
      title="Welcome Back"
      subtitle="Sign in to your account"
      busy={loginMutation.isPending}
      busyText="Signing you in..."
    >
      {linkError ? (
        <Text c="red" size="sm" mb="md" role="alert">
          {linkError}
        </Text>
      ) : null}
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            placeholder="Your password"
            withAsterisk
            visibilityToggleButtonProps={{ 'aria-label': 'Toggle password visibility' }}
            {...form.getInputProps('password')}
          />
          <Anchor component={Link} to={paths.forgotPassword} size="sm" ta="right">
            Forgot password?
          </Anchor>
          <Group grow>
            <Button variant="default" component={Link} to={paths.home}>
              Go Back
            </Button>
            <Button type="submit" disabled={!canSubmit}>
              Login
            </Button>
          </Group>
          <Text size="sm" ta="center">
            Don&apos;t have an account?{' '}
            <Anchor component={Link} to={paths.register}>
              Register
            </Anchor>
          </Text>
        </Stack>
      </form>

      <StatusDialog
        opened={dialog === 'invalid-credentials'}
        onClose={closeDialog}
        kind="error"
        title="Invalid Credentials"
        message="Please check your email and password."
        actions={<Button onClick={closeDialog}>Try Again</Button>}
      />
      <StatusDialog
        opened={dialog === 'unverified'}
        onClose={closeDialog}
        kind="warning"
        title="Account Unverified"
        message="Please verify your account first. Check your email for verification link."
        actions={
          <>
            <Button variant="light" onClick={handleResend} loading={resend.isPending}>
              Resend Verification
            </Button>
            <Button onClick={closeDialog}>OK</Button>
          </>
        }
      />
      <StatusDialog
        opened={dialog === 'banned'}
        onClose={closeDialog}
        kind="error"
        title="Account Disabled"
        message="This account has been disabled. Please contact an administrator."
      />
      <StatusDialog
        opened={dialog === 'connection'}
        onClose={closeDialog}
        kind="error"
        title="Connection Error"
        message="Unable to connect to server. Please try again."
      />
    </AuthLayout>
  );
}
