import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router-dom';
import { errorMessage } from '@/api/client';
import { ErrorBanner } from '@/components';
import { paths } from '@/config/paths';
import { useRequestPasswordReset } from './api/password-reset';
import { AuthLayout } from './components/auth-layout';
import { schemaValidator } from '@/lib/schema-validator';
import { forgotPasswordSchema, type ForgotPasswordValues } from './schemas';

/** How long the link works: GoTrue's otp_expiry in supabase/config.toml. */
export const RESET_LINK_LIFETIME = '1 hour';

/**
 * Asks for a password-reset link. The answer never tells whether the address has an account: the
 * same confirmation follows for every well-formed address.
 */
export default function ForgotPasswordPage() {
  const resetRequest = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const form = useForm<ForgotPasswordValues>({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: schemaValidator(forgotPasswordSchema),
    validateInputOnBlur: true,
  });

  const canSubmit = forgotPasswordSchema.safeParse(form.values).success && !resetRequest.isPending;

  const handleSubmit = form.onSubmit((values) => {
    const email = values.email.trim();
    resetRequest.mutate(email, {
      onSuccess: () => setSentTo(email),
      onError: (error) => console.warn('Password reset request failed:', error),
    });
  });

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="We will email you a link to choose a new password"
      busy={resetRequest.isPending}
      busyText="Sending the link..."
    >
      {sentTo ? (
        <Stack>
          <Alert color="green" variant="light" title="Check your email" role="status">
            If an account exists for {sentTo}, we have sent it a link to choose a new password. The link works
            once and expires after {RESET_LINK_LIFETIME}.
          </Alert>
          <Button component={Link} to={paths.login}>
            Back to Login
          </Button>
        </Stack>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack>
            {resetRequest.error ? (
              <ErrorBanner message={errorMessage(resetRequest.error)} onClose={() => resetRequest.reset()} />
            ) : null}
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              withAsterisk
              {...form.getInputProps('email')}
            />
            <Button type="submit" disabled={!canSubmit}>
              Send reset link
            </Button>
            <Text size="sm" ta="center">
              Remembered it?{' '}
              <Anchor component={Link} to={paths.login}>
                Back to Login
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
