import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '@/api/client';

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

export interface ErrorBannersProps {
  /** In display order; an entry whose error is null or undefined shows nothing. */
  errors: { title: string; error: unknown }[];
  onDismiss: (error: unknown) => void;
}

/** One dismissible banner per present error, each with the error's message. */
export function ErrorBanners({ errors, onDismiss }: ErrorBannersProps) {
  return errors.map(({ title, error }) =>
    error ? (
      <ErrorBanner key={title} title={title} message={errorMessage(error)} onClose={() => onDismiss(error)} />
    ) : null,
  );
}
