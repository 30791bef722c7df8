import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BEING_MEASURED, MEASURED_FIGURES } from '@/config/measured-figures';
import { renderWithProviders } from '@/testing/render';
import HomePage from './home-page';

async function renderHome() {
  renderWithProviders(<HomePage />);
  await screen.findByRole('heading', { name: 'Trust Through Verification' }, { timeout: 5000 });
}

describe('HomePage claims', () => {
  it('shows only measured figures, each with its source, and "being measured" for the rest', async () => {
    await renderHome();
    const figures = within(screen.getByRole('region', { name: 'Measured figures' })).getAllByTestId(
      'measured-figure',
    );
    const exact = MEASURED_FIGURES.exactFileVerificationP95;
    expect(figures[0]).toHaveTextContent(
      `${exact.value}${exact.label}Measured ${exact.measuredOn}, ${exact.source}`,
    );
    expect(figures[1]).toHaveTextContent(
      `${BEING_MEASURED}${MEASURED_FIGURES.genuineCopiesRecognised.label}To be reported in docs/accuracy.md`,
    );
    expect(figures[2]).toHaveTextContent(`${BEING_MEASURED}${MEASURED_FIGURES.forgeriesAccepted.label}`);
  });

  it('makes none of the unmeasured marketing claims', async () => {
    await renderHome();
    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(/99\.9/);
    expect(text).not.toMatch(/in seconds/i);
    // The spec names the card "Tamper-Proof Security"; nothing else may claim it.
    expect(text.replace('Tamper-Proof Security', '')).not.toMatch(/tamper-proof/i);
  });
});
