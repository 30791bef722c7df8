import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

export interface ErrorBannerProps {
  /** The spec's prefix, e.g. 'Error:', 'Revoke Error:'. */
  title?: string;
  message: string;
  onClose?: () => void;
}

/** The dismissible red banner every screen shows its errors in (spec section 8). */
export function ErrorBanner({ title = 'Error:', message, onClose }: ErrorBannerProps) {
  return (
    <Alert
      color="red"
      variant="light"
      title={title}
      icon={<IconAlertCircle aria-hidden />}
      withCloseButton={Boolean(onClose)}
      closeButtonLabel="Dismiss error"
      onClose={onClose}
      role="alert"
    >
      {message}
    </Alert>
  );
}
