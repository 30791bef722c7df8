import { Anchor, Avatar, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBrandGithub } from '@tabler/icons-react';
import { TEAM, profileUrl, type TeamMember } from '../content';
import { LandingSection } from './landing-section';

function TeamCard({ member }: { member: TeamMember }) {
  const url = profileUrl(member);
  return (
    <Card padding="lg" component="article" aria-label={member.name}>
      <Stack align="center" ta="center" gap="xs">
        <Avatar name={member.name} color="initials" size={72} radius="xl" alt="" />
        <Title order={3} size="h5">
          {member.name}
        </Title>
        <Text size="sm" c="dimmed">
          {member.role}
        </Text>
        <Group gap={4} justify="center">
          {member.expertise.map((skill) => (
            <Badge key={skill} variant="light" size="sm">
              {skill}
            </Badge>
          ))}
        </Group>
        <Text size="sm">{member.bio}</Text>
        {url ? (
          <Anchor href={url} target="_blank" rel="noreferrer" size="sm">
            <Group gap={4} component="span">
              <IconBrandGithub size={16} aria-hidden />
              GitHub profile of {member.name}
            </Group>
          </Anchor>
        ) : null}
      </Stack>
    </Card>
  );
}

/** The team cards, shared by Home ('Meet Our Developers') and About. */
export function TeamSection({ title }: { title: string }) {
  return (
    <LandingSection title={title}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 5 }}>
        {TEAM.map((member) => (
          <TeamCard key={member.role} member={member} />
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}
