import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { FEATURES, type FeatureCard as FeatureCardContent } from '../content';
import { FeatureCard } from './feature-card';

function firstFeature(): FeatureCardContent {
  const first = FEATURES[0];
  if (!first) throw new Error('no feature cards');
  return first;
}

const feature = firstFeature();

function card() {
  return screen.getByRole('group', { name: feature.title });
}

describe('FeatureCard', () => {
  it('expands its details on keyboard focus and collapses on blur', async () => {
    const { user } = renderWithProviders(<FeatureCard feature={feature} />);
    expect(card()).not.toHaveAttribute('data-expanded');
    expect(screen.queryByText(feature.details)).not.toBeVisible();
    await user.tab();
    expect(card()).toHaveFocus();
    expect(card()).toHaveAttribute('data-expanded', 'true');
    await waitFor(() => expect(screen.getByText(feature.details)).toBeVisible());
    await user.tab();
    expect(card()).not.toHaveAttribute('data-expanded');
  });

  it('expands on hover', () => {
    renderWithProviders(<FeatureCard feature={feature} />);
    fireEvent.mouseEnter(card());
    expect(card()).toHaveAttribute('data-expanded', 'true');
    fireEvent.mouseLeave(card());
    expect(card()).not.toHaveAttribute('data-expanded');
  });

  it('lists the three cards of the spec', () => {
    expect(FEATURES.map((f) => f.title)).toEqual([
      'Instant Verification',
      'Tamper-Proof Security',
      'Easy Integration',
    ]);
  });
});
