import { Card, Container, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBulb, IconEye, IconHeartHandshake, IconLock, IconTarget, IconWorld } from '@tabler/icons-react';
import { LandingSection } from './components/landing-section';
import { TeamSection } from './components/team-section';
import { ABOUT, TECHNOLOGIES } from './content';

const VALUE_ICONS = [IconLock, IconBulb, IconHeartHandshake, IconWorld];

/** The About page (spec section 1): mission, vision, values, team and technologies. */
export default function AboutPage() {
  return (
    <Container size="lg" py={{ base: 40, md: 72 }}>
      <Stack gap={56}>
        <Stack align="center" ta="center" gap="sm">
          <Title order={1}>{ABOUT.title}</Title>
          <Text size="lg" c="dimmed" maw={720}>
            {ABOUT.intro}
          </Text>
        </Stack>

        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Card padding="lg" component="section" aria-labelledby="mission-title">
            <Stack gap="sm">
              <ThemeIcon size={44} variant="light" aria-hidden>
                <IconTarget size={24} />
              </ThemeIcon>
              <Title order={2} size="h3" id="mission-title">
                Our Mission
              </Title>
              <Text>{ABOUT.mission}</Text>
            </Stack>
          </Card>
          <Card padding="lg" component="section" aria-labelledby="vision-title">
            <Stack gap="sm">
              <ThemeIcon size={44} variant="light" color="teal" aria-hidden>
                <IconEye size={24} />
              </ThemeIcon>
              <Title order={2} size="h3" id="vision-title">
                Our Vision
              </Title>
              <Text>{ABOUT.vision}</Text>
            </Stack>
          </Card>
        </SimpleGrid>

        <LandingSection title="Our Values">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            {ABOUT.values.map((value, index) => {
              const Icon = VALUE_ICONS[index] ?? IconLock;
              return (
                <Card key={value.title} padding="lg">
                  <Stack gap="xs">
                    <ThemeIcon variant="light" size={40} aria-hidden>
                      <Icon size={22} />
                    </ThemeIcon>
                    <Title order={3} size="h5">
                      {value.title}
                    </Title>
                    <Text size="sm" c="dimmed">
                      {value.text}
                    </Text>
                  </Stack>
                </Card>
              );
            })}
          </SimpleGrid>
        </LandingSection>

        <TeamSection title="Our Team" />

        <LandingSection title="Technologies We Use">
          <Card padding="lg">
            <List spacing="xs">
              {TECHNOLOGIES.map((tech) => (
                <List.Item key={tech.name}>
                  <Text span fw={600}>
                    {tech.name}
                  </Text>
                  <Text span c="dimmed">
                    {` – ${tech.use}`}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Card>
        </LandingSection>
      </Stack>
    </Container>
  );
}
