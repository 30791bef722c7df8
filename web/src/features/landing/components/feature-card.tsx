import { useId, useState } from 'react';
import { Card, Collapse, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBolt, IconPlug, IconShieldLock } from '@tabler/icons-react';
import type { FeatureCard as FeatureCardContent, FeatureIcon } from '../content';

const ICONS: Record<FeatureIcon, typeof IconBolt> = {
  bolt: IconBolt,
  shield: IconShieldLock,
  plug: IconPlug,
};

/** A 'Why Choose' card that reveals its details on hover and on keyboard focus. */
export function FeatureCard({ feature }: { feature: FeatureCardContent }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const titleId = useId();
  const detailsId = useId();
  const expanded = hovered || focused;
  const Icon = ICONS[feature.icon];

  return (
    <Card
      padding="lg"
      shadow={expanded ? 'md' : 'xs'}
      tabIndex={0}
      role="group"
      aria-labelledby={titleId}
      aria-describedby={detailsId}
      data-expanded={expanded || undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <Stack gap="sm">
        <ThemeIcon size={48} radius="md" variant="light" color={feature.color} aria-hidden>
          <Icon size={26} />
        </ThemeIcon>
        <Title order={3} size="h4" id={titleId}>
          {feature.title}
        </Title>
        <Text c="dimmed">{feature.description}</Text>
        <Collapse expanded={expanded}>
          <Text size="sm" id={detailsId}>
            {feature.details}
          </Text>
        </Collapse>
      </Stack>
    </Card>
  );
}
