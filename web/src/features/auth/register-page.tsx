import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router-dom';
import { AUTH_ERROR_CODES } from '@/api/auth';
import { paths } from '@/config/paths';
import { useRegister } from './api/register';
import { NameFields, NewPasswordFields } from './components/account-fields';
import { AuthLayout } from './components/auth-layout';
import { StatusDialog } from './components/status-dialog';
import { schemaValidator } from '@/lib/schema-validator';
import { AUTH_MESSAGES, registerSchema, type RegisterValues } from './schemas';

/** Toast time before going to /login (spec section 9). */
export const REGISTER_TOAST_MS = 2_000;

type RegisterDialog =
  { kind: 'timeout'; message: string } | { kind: 'duplicate' } | { kind: 'failed' } | null;

/** Account creation (spec section 2, Register; errors per section 8). */
export default function RegisterPage() {
  const navigate = useNavigate();
  const registerMutation = useRegister();
  const [dialog, setDialog] = useState<RegisterDialog>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const form = useForm<RegisterValues>({
    mode: 'controlled',
    initialValues: { firstname: '', lastname: '', email: '', password: '' },
    validate: schemaValidator(registerSchema),
    validateInputOnBlur: true,
  });

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const handleSubmit = form.onSubmit((values) => {
    registerMutation.mutate(values, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Registration successful',
          message: 'Check your email for the link that confirms your account.',
          autoClose: REGISTER_TOAST_MS,
        });
        redirectTimer.current = setTimeout(() => navigate(paths.login), REGISTER_TOAST_MS);
      },
      onError: (error) => {
        console.warn('Registration failed:', error);
        if (error.message.startsWith('For security purposes')) {
          setDialog({ kind: 'timeout', message: error.message });
        } else if (error.code === AUTH_ERROR_CODES.userAlreadyExists) {
          form.setFieldError('email', AUTH_MESSAGES.duplicateEmailField);
          setDialog({ kind: 'duplicate' });
        } else {
          setDialog({ kind: 'failed' });
        }
      },
    });
  });

  const closeDialog = () => setDialog(null);
  const tryDifferentEmail = () => {
    setDialog(null);
    // Focus after the modal has given focus back.
    setTimeout(() => emailRef.current?.select(), 0);
  };

  return (
    <AuthLayout
      title="Create Account"
      subtitle="Join to verify and manage certificates"
      busy={registerMutation.isPending}
      busyText="Creating your account..."
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <NameFields form={form} />
          <TextInput
            ref={emailRef}
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <NewPasswordFields form={form} />
          <Button type="submit" disabled={registerMutation.isPending}>
            Sign In
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to={paths.login}>
              Login
            </Anchor>
          </Text>
        </Stack>
      </form>

      <StatusDialog
        opened={dialog?.kind === 'timeout'}
        onClose={closeDialog}
        kind="timeout"
        title="Request Timeout"
        message={dialog?.kind === 'timeout' ? dialog.message : ''}
      />
      <StatusDialog
        opened={dialog?.kind === 'duplicate'}
        onClose={closeDialog}
        kind="error"
        title="Email Already Exists"
        message="An account with this email already exists. Please use a different email or sign in."
        actions={
          <>
            <Button variant="light" onClick={tryDifferentEmail}>
              Try Different Email
            </Button>
            <Button onClick={() => navigate(paths.login)}>Go to Login</Button>
          </>
        }
      />
      <StatusDialog
        opened={dialog?.kind === 'failed'}
        onClose={closeDialog}
        kind="error"
        title="Registration Failed"
        message="Unable to create account. Please try again."
      />
    </AuthLayout>
  );
}
