import { useMemo } from 'react';
import { ActionIcon, Anchor, Group, Popover, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconQrcode } from '@tabler/icons-react';
import { generate } from 'lean-qr';
import { toSvgPath } from 'lean-qr/extras/svg';
import { Link } from 'react-router-dom';
import type { Certificate } from '@contract';
import { errorMessage } from '@/api';
import { VerifiableCopyMenu } from '@/components';
import { credentialPath } from '@/config/paths';
import { useSetCertificatePage } from '../api/set-certificate-page';

/** The share link's QR code, drawn as an SVG path (no canvas), with a quiet zone of 4 modules. */
function ShareQrCode({ url }: { url: string }) {
  const { size, path } = useMemo(() => {
    const code = generate(url);
    return { size: code.size, path: toSvgPath(code) };
  }, [url]);
  return (
    <svg
      viewBox={`-4 -4 ${size + 8} ${size + 8}`}
      width={168}
      height={168}
      role="img"
      aria-label={`QR code of ${url}`}
      shapeRendering="crispEdges"
    >
      <rect x={-4} y={-4} width={size + 8} height={size + 8} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/**
 * The profile card's footer for a certificate an admin verified: the public page's switch, its share
 * link and QR code (while public), and the verifiable copy to download.
 */
export function PublicPageControls({ certificate, title }: { certificate: Certificate; title: string }) {
  const setPage = useSetCertificatePage();
  if (certificate.verification_status !== 'verified') return null;
  const sharePath = credentialPath(certificate.public_id);
  const shareUrl = `${window.location.origin}${sharePath}`;
  return (
    <Stack gap="xs">
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
          <Group gap="xs">
            <Anchor component={Link} to={sharePath} size="sm">
              Share link
            </Anchor>
            <Popover position="top" withArrow shadow="md">
              <Popover.Target>
                <Tooltip label="QR code">
                  <ActionIcon variant="subtle" size="sm" aria-label={`QR code of the share link of ${title}`}>
                    <IconQrcode size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Popover.Target>
              <Popover.Dropdown>
                <Stack gap={4} align="center">
                  <ShareQrCode url={shareUrl} />
                  <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }} maw={220}>
                    {shareUrl}
                  </Text>
                </Stack>
              </Popover.Dropdown>
            </Popover>
          </Group>
        ) : null}
      </Group>
      <VerifiableCopyMenu certificate={certificate} title={title} />
    </Stack>
  );
}
