import { useState } from 'react';
import {
  Box,
  Button,
  Group,
  Image,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowsMaximize } from '@tabler/icons-react';
import type { PageBox, VerificationDifference } from '@contract';

export interface ComparisonViewProps {
  /** The registered original's page (URL), when the result may show it. */
  originalPage: string | null;
  /** The uploaded copy warped into the original's coordinates (data URL), when the engine sent it. */
  alignedCopy: string | null;
  differences: VerificationDifference[];
}

type Picture = 'original' | 'copy';

const clamp = (value: number) => Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0));

/** A fraction as a CSS percentage, without floating-point dust ("8%", not "8.000000000000002%"). */
const percent = (fraction: number) => `${Number((fraction * 100).toFixed(3))}%`;

/** A box in percent of the picture, kept inside it. */
function boxStyle(box: PageBox) {
  const x = clamp(box.x);
  const y = clamp(box.y);
  return {
    left: percent(x),
    top: percent(y),
    width: percent(clamp(x + clamp(box.width)) - x),
    height: percent(clamp(y + clamp(box.height)) - y),
  };
}

function regionsText(differences: VerificationDifference[]): string {
  const count = differences.length;
  const list = differences.map((difference, index) => `${index + 1} ${difference.label}`).join(', ');
  return `${count} changed ${count === 1 ? 'region' : 'regions'} outlined and numbered: ${list}`;
}

export function pictureAlt(picture: Picture, differences: VerificationDifference[]): string {
  return picture === 'original'
    ? `The registered original, with ${regionsText(differences)}`
    : `The uploaded copy, aligned over the registered original, with ${regionsText(differences)}`;
}

const CAPTIONS: Record<Picture, string> = {
  original: 'Registered original',
  copy: 'This copy, aligned to the original',
};

/** Short names for the switch in the enlarged view, which must fit a phone's width. */
const SHORT_NAMES: Record<Picture, string> = { original: 'Original', copy: 'This copy' };

/** One page with each difference's box outlined and numbered as in the list. */
function OutlinedPicture({
  src,
  picture,
  differences,
}: {
  src: string;
  picture: Picture;
  differences: VerificationDifference[];
}) {
  return (
    <Box pos="relative" lh={0}>
      <Image src={src} alt={pictureAlt(picture, differences)} w="100%" h="auto" radius="sm" />
      {differences.map((difference, index) => (
        <Box
          key={index}
          aria-hidden
          data-testid="difference-outline"
          pos="absolute"
          style={{
            ...boxStyle(difference.box),
            border: '3px solid var(--mantine-color-red-6)',
            boxShadow: '0 0 0 1px var(--mantine-color-white)',
            borderRadius: 2,
          }}
        >
          <Text
            span
            fz="xs"
            fw={700}
            lh={1}
            c="white"
            bg="red.7"
            px={5}
            py={3}
            pos="absolute"
            style={{ left: -3, bottom: '100%', borderRadius: 3 }}
          >
            {index + 1}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The comparison picture of an altered copy: the registered original with every changed region
 * outlined and numbered to match the list, the aligned copy beside it (below it on a phone), and
 * an enlarged view that switches between the two. Either picture may be missing (the original is
 * withheld unless its holder made it public); at least one is given.
 */
export function ComparisonView({ originalPage, alignedCopy, differences }: ComparisonViewProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [enlarged, setEnlarged] = useState<Picture | null>(null);
  const sources: Record<Picture, string | null> = { original: originalPage, copy: alignedCopy };
  const pictures = (['original', 'copy'] as const).filter((picture) => sources[picture] !== null);
  const enlargedSource = enlarged ? sources[enlarged] : null;

  return (
    <Stack gap="sm" component="section" aria-labelledby="comparison-title">
      <Title order={3} size="h4" id="comparison-title">
        {originalPage ? 'Comparison with the registered original' : 'Where this copy differs'}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: pictures.length }} spacing="md">
        {pictures.map((picture) => {
          const src = sources[picture];
          if (!src) return null;
          return (
            <Stack key={picture} gap="xs" component="figure" m={0}>
              <OutlinedPicture src={src} picture={picture} differences={differences} />
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text component="figcaption" size="sm" fw={500} miw={0}>
                  {CAPTIONS[picture]}
                </Text>
                <Button
                  flex="none"
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconArrowsMaximize size={16} aria-hidden />}
                  onClick={() => setEnlarged(picture)}
                  aria-label={`Enlarge: ${CAPTIONS[picture]}`}
                >
                  Enlarge
                </Button>
              </Group>
            </Stack>
          );
        })}
      </SimpleGrid>

      <Modal
        opened={enlarged !== null}
        onClose={() => setEnlarged(null)}
        title={enlarged ? CAPTIONS[enlarged] : ''}
        size="90%"
        fullScreen={phone}
      >
        {enlarged && enlargedSource ? (
          <Stack gap="sm">
            {pictures.length > 1 ? (
              <SegmentedControl
                aria-label="Picture shown"
                value={enlarged}
                onChange={(value) => setEnlarged(value as Picture)}
                data={pictures.map((picture) => ({ value: picture, label: SHORT_NAMES[picture] }))}
                fullWidth
              />
            ) : null}
            {/* On a phone the page is drawn wider than the screen: scroll (or swipe) to pan. */}
            <Box
              style={{ overflow: 'auto' }}
              tabIndex={0}
              role="region"
              aria-label={phone ? 'Enlarged picture: scroll to see all of it' : 'Enlarged picture'}
            >
              <Box miw={phone ? 960 : undefined}>
                <OutlinedPicture src={enlargedSource} picture={enlarged} differences={differences} />
              </Box>
            </Box>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
