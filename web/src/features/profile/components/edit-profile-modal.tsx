import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { updateOwnProfileRequestSchema, type UpdateOwnProfileRequest } from '@contract';
import { errorMessage, type SessionUser } from '@/api';
import { NameFields } from '@/features/auth';
import { schemaValidator } from '@/lib/schema-validator';
import { useUpdateMyProfile } from '../api/update-my-profile';

export interface EditProfileModalProps {
  user: SessionUser;
  onClose: () => void;
}

/**
 * Edit Profile: first name, last name and username, checked by the same rules as the server's. Shown
 * while mounted: the parent mounts it to open it.
 */
export function EditProfileModal({ user, onClose }: EditProfileModalProps) {
  const update = useUpdateMyProfile();
  const form = useForm<UpdateOwnProfileRequest>({
    mode: 'uncontrolled',
    initialValues: { firstname: user.firstname, lastname: user.lastname, username: user.username },
    validate: schemaValidator(updateOwnProfileRequestSchema),
  });

  // The parent unmounts the modal on close, so form and mutation state go with it.
  const close = () => {
    if (!update.isPending) onClose();
  };

  const save = form.onSubmit((values) =>
    update.mutate(updateOwnProfileRequestSchema.parse(values), {
      onSuccess: () => {
        notifications.show({ color: 'green', title: 'Profile updated', message: 'Your details were saved.' });
        onClose();
      },
    }),
  );

  return (
    <Modal opened onClose={close} title="Edit Profile" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={save} noValidate>
        <Stack>
          <NameFields form={form} withUsername />
          {update.error ? (
            <Alert
              color="red"
              variant="light"
              role="alert"
              icon={<IconAlertCircle aria-hidden />}
              title="Update Error"
            >
              {errorMessage(update.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
