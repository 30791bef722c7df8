import { useState } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '@/api/client';
import { ErrorBanner, FullPageSpinner } from '@/components';
import { paths } from '@/config/paths';
import { useRecoverySession, useUpdatePassword } from './api/password-reset';
import { NewPasswordFields } from './components/account-fields';
import { AuthLayout } from './components/auth-layout';
import { linkErrorFromHash } from './link-error';
import { schemaValidator } from '@/lib/schema-validator';
import { resetPasswordSchema, type ResetPasswordValues } from './schemas';

const LINK_INVALID = 'This password reset link is invalid or has expired.';

/**
 * Where the reset link lands: supabase-js takes the session out of the URL, then the user picks a
 * new password. Without a session (link used before, expired, or the page opened directly) it
 * offers to send a new link.
 */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const [linkError] = useState(linkErrorFromHash);
  const recovery = useRecoverySession();
  const update = useUpdatePassword();

  const form = useForm<ResetPasswordValues>({
    mode: 'controlled',
    initialValues: { password: '', confirm: '' },
    validate: schemaValidator(resetPasswordSchema),
    validateInputOnBlur: true,
  });

  if (!linkError && recovery.isPending) return <FullPageSpinner />;

  const canSubmit = resetPasswordSchema.safeParse(form.values).success && !update.isPending;

  const handleSubmit = form.onSubmit((values) => {
    update.mutate(values.password, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Password updated',
          message: 'Sign in with your new password.',
        });
        navigate(paths.login, { replace: true });
      },
      onError: (error) => console.warn('Password update failed:', error),
    });
  });

  const usable = !linkError && recovery.data === true;

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="Your other sessions end when the password changes"
      busy={update.isPending}
      busyText="Saving your password..."
    >
      {usable ? (
        <form onSubmit={handleSubmit} noValidate>
          <Stack>
            {update.error ? (
              <ErrorBanner message={errorMessage(update.error)} onClose={() => update.reset()} />
            ) : null}
            <NewPasswordFields form={form} withConfirm />
            <Button type="submit" disabled={!canSubmit}>
              Save new password
            </Button>
          </Stack>
        </form>
      ) : (
        <Stack>
          <Alert color="red" variant="light" title="Link not valid" role="alert">
            {linkError ?? (recovery.error ? errorMessage(recovery.error) : LINK_INVALID)}
          </Alert>
          <Button component={Link} to={paths.forgotPassword}>
            Send a new link
          </Button>
        </Stack>
      )}
    </AuthLayout>
  );
}
