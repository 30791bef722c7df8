import { Anchor, Group, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router-dom';
import type { Certificate } from '@contract';
import { errorMessage } from '@/api';
import { credentialPath } from '@/config/paths';
import { useSetCertificatePage } from '../api/set-certificate-page';

/** The public page's switch and share link, for a certificate an admin verified (the profile card's footer). */
export function PublicPageControls({ certificate, title }: { certificate: Certificate; title: string }) {
  const setPage = useSetCertificatePage();
  if (certificate.verification_status !== 'verified') return null;
  return (
    <Group gap="md" justify="space-between">
      <Switch
        label="Public page"
        checked={certificate.page_public}
        disabled={setPage.isPending}
        aria-label={`Public page of ${title}`}
        onChange={(event) =>
          setPage.mutate(
            { certificateId: certificate.id, isPublic: event.currentTarget.checked },
            {
              onError: (error) =>
                notifications.show({ color: 'red', title: 'Error:', message: errorMessage(error) }),
            },
          )
        }
      />
      {certificate.page_public ? (
        <Anchor component={Link} to={credentialPath(certificate.public_id)} size="sm">
          Share link
        </Anchor>
      ) : null}
    </Group>
  );
}
