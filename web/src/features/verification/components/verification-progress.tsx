import { List, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconLoader2, IconPointFilled } from '@tabler/icons-react';
import { formatFileSize } from '@/lib/format';
import type { VerificationProgress } from '../api/verify-certificate';

type StepState = 'done' | 'active' | 'waiting';

const STEP_ORDER = ['fingerprint', 'upload', 'compare'] as const;
type Step = (typeof STEP_ORDER)[number];

const STEP_LABELS: Record<Step, string> = {
  fingerprint: 'Fingerprinting the file in your browser',
  upload: 'Uploading the file',
  compare: 'Comparing with the registered original',
};

function currentStep(progress: VerificationProgress): Step {
  switch (progress.stage) {
    case 'hashing':
    case 'checking-hash':
      return 'fingerprint';
    case 'uploading':
      return 'upload';
    case 'comparing':
      return 'compare';
  }
}

/** The one-line status of the current stage, also announced to screen readers. */
export function progressText(progress: VerificationProgress): string {
  switch (progress.stage) {
    case 'hashing':
      return 'Fingerprinting the file in your browser...';
    case 'checking-hash':
      return 'Looking for a registered file with this fingerprint...';
    case 'uploading':
      return `Uploading: ${formatFileSize(progress.sent)} of ${formatFileSize(progress.total)} sent`;
    case 'comparing':
      return 'Comparing with the registered original...';
  }
}

function StepIcon({ state }: { state: StepState }) {
  if (state === 'done') {
    return (
      <ThemeIcon color="green" size={20} radius="xl">
        <IconCheck size={14} aria-hidden />
      </ThemeIcon>
    );
  }
  if (state === 'active') {
    return (
      <ThemeIcon color="blue" size={20} radius="xl">
        <IconLoader2 size={14} aria-hidden />
      </ThemeIcon>
    );
  }
  return (
    <ThemeIcon color="gray" variant="light" size={20} radius="xl">
      <IconPointFilled size={10} aria-hidden />
    </ThemeIcon>
  );
}

const STATE_WORDS: Record<StepState, string> = { done: 'done', active: 'in progress', waiting: 'waiting' };

/** Stage by stage: fingerprint, upload (bytes sent), comparison. */
export function VerificationProgressSteps({ progress }: { progress: VerificationProgress }) {
  const active = STEP_ORDER.indexOf(currentStep(progress));
  const stateOf = (index: number): StepState =>
    index < active ? 'done' : index === active ? 'active' : 'waiting';
  const percent =
    progress.stage === 'uploading' && progress.total > 0
      ? Math.round((progress.sent / progress.total) * 100)
      : progress.stage === 'comparing'
        ? 100
        : 0;

  return (
    <Stack gap="xs" aria-label="Verification progress" role="group">
      <List spacing="xs" center>
        {STEP_ORDER.map((step, index) => (
          <List.Item key={step} icon={<StepIcon state={stateOf(index)} />}>
            <Text size="sm" fw={index === active ? 600 : 400} c={index > active ? 'dimmed' : undefined}>
              {STEP_LABELS[step]}
              <Text span size="xs" c="dimmed">
                {' '}
                ({STATE_WORDS[stateOf(index)]})
              </Text>
            </Text>
          </List.Item>
        ))}
      </List>
      {progress.stage === 'uploading' || progress.stage === 'comparing' ? (
        <Progress
          value={percent}
          animated={progress.stage === 'comparing'}
          aria-label={`Upload ${percent}% sent`}
        />
      ) : null}
      <Text size="sm" c="dimmed">
        {progressText(progress)}
      </Text>
    </Stack>
  );
}
