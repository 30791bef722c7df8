import { Box, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { FullPageSpinner } from '@/components';
import { paths } from '@/config/paths';
import { FeatureCard } from './components/feature-card';
import { LandingSection } from './components/landing-section';
import { TeamSection } from './components/team-section';
import { figureValue } from '@/config/measured-figures';
import { FEATURES, FOOTER, HERO, HIGHLIGHTS, PRODUCT_NAME, figureSource } from './content';
import { useBriefLoading } from '@/lib/use-brief-loading';

/** The landing page (spec section 1 and 2, Home). */
export default function HomePage() {
  const loading = useBriefLoading();
  if (loading) return <FullPageSpinner />;

  return (
    <>
      <Box
        component="section"
        aria-labelledby="hero-title"
        py={{ base: 56, md: 96 }}
        bg="var(--mantine-primary-color-light)"
      >
        <Container size="lg">
          <Stack align="center" ta="center" gap="lg">
            <Title order={1} id="hero-title" fz={{ base: 36, md: 56 }} lh={1.1}>
              {HERO.title}
            </Title>
            <Text size="lg" c="dimmed" maw={720}>
              {HERO.subtitle}
            </Text>
            <Group justify="center">
              <Button size="lg" component={Link} to={paths.verification}>
                {HERO.primaryAction}
              </Button>
              <Button size="lg" variant="default" component={Link} to={paths.about}>
                {HERO.secondaryAction}
              </Button>
            </Group>
            <SimpleGrid
              cols={{ base: 1, sm: 3 }}
              w="100%"
              maw={840}
              mt="md"
              component="section"
              aria-label="Measured figures"
            >
              {HIGHLIGHTS.map((figure) => (
                <Stack key={figure.label} gap={2} data-testid="measured-figure">
                  <Text fz={figure.value ? 28 : 20} fw={800} c={figure.value ? undefined : 'dimmed'}>
                    {figureValue(figure)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {figure.label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {figureSource(figure)}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Stack>
        </Container>
      </Box>

      <Container size="lg" py={{ base: 48, md: 80 }}>
        <LandingSection title={`Why Choose ${PRODUCT_NAME}?`}>
          <Text ta="center" c="dimmed">
            Hover over or focus a card to learn more.
          </Text>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            {FEATURES.map((feature) => (
              <FeatureCard key={feature.id} feature={feature} />
            ))}
          </SimpleGrid>
        </LandingSection>
      </Container>

      <Container size="xl" pb={{ base: 48, md: 80 }}>
        <TeamSection title="Meet Our Developers" />
      </Container>

      <Paper component="footer" radius={0} py={{ base: 40, md: 64 }} bg="var(--mantine-color-default-hover)">
        <Container size="md">
          <Stack align="center" ta="center" gap="md">
            <Title order={2}>{FOOTER.title}</Title>
            <Text c="dimmed" maw={560}>
              {FOOTER.text}
            </Text>
            <Button component={Link} to={paths.register} size="md">
              {FOOTER.action}
            </Button>
            <Text size="sm" c="dimmed" mt="lg">
              {FOOTER.copyright}
            </Text>
          </Stack>
        </Container>
      </Paper>
    </>
  );
}
