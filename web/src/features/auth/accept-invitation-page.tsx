import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage, type SessionUser } from '@/api';
import { ErrorBanner, FullPageSpinner } from '@/components';
import { paths } from '@/config/paths';
import { schemaValidator } from '@/lib/schema-validator';
import { useSession } from '@/session';
import { useAcceptInvitation, useInvitedUser } from './api/accept-invitation';
import { NameFields, NewPasswordFields } from './components/account-fields';
import { AuthLayout } from './components/auth-layout';
import { linkErrorFromHash } from './link-error';
import { acceptInvitationSchema, type AcceptInvitationValues } from './schemas';

const LINK_INVALID = 'This invitation link is invalid or has expired.';

function AcceptInvitationForm({ invited }: { invited: SessionUser }) {
  const navigate = useNavigate();
  const { setUser } = useSession();
  const accept = useAcceptInvitation();
  const form = useForm<AcceptInvitationValues>({
    mode: 'controlled',
    initialValues: {
      firstname: invited.firstname,
      lastname: invited.lastname,
      username: invited.username,
      password: '',
      confirm: '',
    },
    validate: schemaValidator(acceptInvitationSchema),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) => {
    const { confirm: _confirm, ...input } = acceptInvitationSchema.parse(values);
    accept.mutate(input, {
      onSuccess: (user) => {
        setUser(user);
        notifications.show({
          color: 'green',
          title: 'Welcome',
          message: 'Your account is ready; your certificates are in your profile.',
        });
        navigate(paths.profile, { replace: true });
      },
      onError: (error) => console.warn('Accepting the invitation failed:', error),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">
          Signed in as <strong>{invited.email}</strong>
        </Text>
        {accept.error ? (
          <ErrorBanner message={errorMessage(accept.error)} onClose={() => accept.reset()} />
        ) : null}
        <NameFields form={form} withUsername />
        <NewPasswordFields form={form} withConfirm />
        <Button type="submit" loading={accept.isPending}>
          Accept invitation
        </Button>
      </Stack>
    </form>
  );
}

/**
 * Where the invitation link lands: supabase-js takes the session out of the URL (the link confirmed
 * the address, so certificates issued to it are already the account's); the invited person chooses a
 * password and their names, then goes to their profile.
 */
export default function AcceptInvitationPage() {
  const [linkError] = useState(linkErrorFromHash);
  const invited = useInvitedUser();

  if (!linkError && invited.isPending) return <FullPageSpinner />;

  const user = linkError ? null : (invited.data ?? null);

  return (
    <AuthLayout
      title="Accept your invitation"
      subtitle="Choose a password and check your name to finish your account"
      busy={false}
      busyText=""
    >
      {user ? (
        <AcceptInvitationForm invited={user} />
      ) : (
        <Stack>
          <Alert color="red" variant="light" title="Link not valid" role="alert">
            {linkError ?? (invited.error ? errorMessage(invited.error) : LINK_INVALID)} An invitation link
            works once: if you already accepted it, sign in, or ask the administrator to send a new one.
          </Alert>
          <Group grow>
            <Button component={Link} to={paths.login}>
              Sign in
            </Button>
            <Button component={Link} to={paths.forgotPassword} variant="light">
              Forgot password
            </Button>
          </Group>
        </Stack>
      )}
    </AuthLayout>
  );
}
