import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VerificationDifference, VerificationResult } from '@contract';
import { renderWithProviders } from '@/testing/render';
import {
  makeVerificationResult,
  REGISTERED_CERTIFICATE,
  type RegisteredCertificate,
  UPLOADED_FILE_HASH,
} from '@/testing/verification-results';
import { VerificationResultView } from '../index';

configure({ asyncUtilTimeout: 5000 });

const ORIGINAL_PAGE = 'https://storage.test/signed/original-page.png';
const ALIGNED_COPY = 'data:image/png;base64,iVBORw0KGgo=';

const CERTIFICATE: RegisteredCertificate = { ...REGISTERED_CERTIFICATE, contentHash: null };

/** A scan matched by its look, unless `overrides` say otherwise. */
function result(overrides: Partial<VerificationResult>): VerificationResult {
  return makeVerificationResult({
    message: 'Certificate verified',
    certificate: CERTIFICATE,
    uploadedFile: { size: 2048, type: 'image/jpeg', hash: UPLOADED_FILE_HASH },
    matchChannel: 'visual',
    verdict: 'authentic',
    copyKind: 'scan',
    confidence: 0.97,
    ...overrides,
  });
}

const NAME_CHANGE: VerificationDifference = {
  field: 'recipient_name',
  label: 'Recipient name',
  box: { x: 0.25, y: 0.4, width: 0.5, height: 0.08 },
  registered: 'Jane Doe',
  reads: 'Jane Dae',
};
const GRADE_CHANGE: VerificationDifference = {
  field: 'grade',
  label: 'Grade',
  box: { x: 0.1, y: 0.7, width: 0.1, height: 0.05 },
  registered: 'A+',
  reads: 'A-',
};
const SEAL_CHANGE: VerificationDifference = {
  field: 'seal',
  label: 'Seal',
  box: { x: 0.8, y: 0.75, width: 0.3, height: 0.4 },
  registered: null,
  reads: null,
};

function altered(overrides: Partial<VerificationResult> = {}): VerificationResult {
  return result({
    verified: false,
    message: 'This copy was altered: it differs from the registered certificate',
    verdict: 'altered',
    copyKind: 'photo',
    differences: [NAME_CHANGE, GRADE_CHANGE, SEAL_CHANGE],
    confidence: 0.92,
    evidence: { originalPage: ORIGINAL_PAGE, alignedCopy: ALIGNED_COPY },
    ...overrides,
  });
}

function renderResult(value: VerificationResult, fileStayedInBrowser = false) {
  const rendered = renderWithProviders(
    <VerificationResultView result={value} fileStayedInBrowser={fileStayedInBrowser} />,
  );
  return { ...rendered, panel: screen.getByRole('region', { name: 'Verification result' }) };
}

describe('VerificationResultView', () => {
  it('identical: the spec heading, "Identical to the registered file", status and confidence', () => {
    const { panel } = renderResult(
      result({ verdict: 'identical', copyKind: 'original_file', matchChannel: 'exact_file', confidence: 1 }),
    );
    expect(within(panel).getByRole('heading', { level: 2 })).toHaveTextContent('Certificate Verified ✓');
    expect(within(panel).getByText('Certificate verified')).toBeInTheDocument();
    expect(within(panel).getByTestId('verdict-line')).toHaveTextContent(/^Identical to the registered file$/);
    expect(within(panel).getByText('Valid')).toBeInTheDocument();
    expect(within(panel).getByText('Status of the registered certificate:')).toBeInTheDocument();
    expect(within(panel).getByText('100% (high)')).toBeInTheDocument();
    expect(
      within(panel).getByRole('img', { name: 'Registered certificate Jane Doe - Data Science' }),
    ).toBeInTheDocument();
    expect(within(panel).queryByText(/did not leave this browser/)).not.toBeInTheDocument();
  });

  it('says when the answer came from the fingerprint alone', () => {
    const { panel } = renderResult(result({ verdict: 'identical', copyKind: 'original_file' }), true);
    expect(within(panel).getByText(/Your file did not leave this browser/)).toBeInTheDocument();
  });

  it.each([
    [
      'certificate_code',
      /^Matched by: QR code: the QR code printed on the copy names a registered certificate/,
    ],
    [
      'certificate_number',
      /^Matched by: Certificate number: the certificate number printed on the copy names a registered certificate/,
    ],
    ['visual', /^Matched by: Same certificate: the page of the uploaded copy matches/],
  ] as const)('says which evidence found the certificate: %s', (matchChannel, words) => {
    const { panel } = renderResult(result({ matchChannel }));
    const matchedBy = within(panel).getByText('Matched by:').parentElement;
    expect(matchedBy).toHaveTextContent(words);
    // A printed number and a QR code are told apart.
    if (matchChannel === 'certificate_number') expect(matchedBy).not.toHaveTextContent(/QR/);
  });

  it.each([
    ['scan', 'Same certificate as registered (this copy is a scan)'],
    ['photo', 'Same certificate as registered (this copy is a photo)'],
    ['digital_copy', 'Same certificate as registered (this copy is a digital copy)'],
    ['screenshot', 'Same certificate as registered (this copy is a screenshot)'],
    [null, 'Same certificate as registered'],
  ] as const)('authentic %s: "%s"', (copyKind, line) => {
    const { panel } = renderResult(result({ verdict: 'authentic', copyKind }));
    expect(within(panel).getByRole('heading', { level: 2 })).toHaveTextContent('Certificate Verified ✓');
    expect(within(panel).getByTestId('verdict-line')).toHaveTextContent(
      new RegExp(`^${line.replace(/[()]/g, '\\$&')}$`),
    );
    expect(within(panel).getByText('97% (high)')).toBeInTheDocument();
  });

  it('altered: "Certificate Altered" and each difference in words, numbered', () => {
    const { panel } = renderResult(altered());
    expect(within(panel).getByRole('heading', { level: 2 })).toHaveTextContent(/^Certificate Altered$/);
    expect(within(panel).getByText('This copy differs from the registered certificate')).toBeInTheDocument();
    const list = within(panel).getByRole('list', { name: 'What differs' });
    expect(list.tagName).toBe('OL');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      "Recipient name: registered 'Jane Doe', this copy reads 'Jane Dae'",
      "Grade: registered 'A+', this copy reads 'A-'",
      'Seal: this region differs from the registered certificate',
    ]);
    // The registered certificate itself is still valid: the status says so, the verdict does not verify.
    expect(within(panel).getByText('Valid')).toBeInTheDocument();
    expect(within(panel).getByText('92% (high)')).toBeInTheDocument();
  });

  it('altered: says what is known when only one side of a region could be read', () => {
    const { panel } = renderResult(
      altered({
        differences: [
          { ...NAME_CHANGE, reads: null },
          { ...GRADE_CHANGE, registered: null },
        ],
      }),
    );
    const list = within(panel).getByRole('list', { name: 'What differs' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      "Recipient name: registered 'Jane Doe', this region of the copy differs",
      "Grade: this copy reads 'A-', which differs from the registered certificate",
    ]);
  });

  it('altered: outlines each difference on the original and the aligned copy, numbered as the list', () => {
    const { panel } = renderResult(altered());
    const original = within(panel).getByRole('img', {
      name: /^The registered original, with 3 changed regions/,
    });
    expect(original).toHaveAttribute('src', ORIGINAL_PAGE);
    expect(original).toHaveAccessibleName(
      'The registered original, with 3 changed regions outlined and numbered: 1 Recipient name, 2 Grade, 3 Seal',
    );
    const copy = within(panel).getByRole('img', {
      name: /^The uploaded copy, aligned over the registered original/,
    });
    expect(copy).toHaveAttribute('src', ALIGNED_COPY);

    const outlines = within(panel).getAllByTestId('difference-outline');
    expect(outlines).toHaveLength(6);
    const onOriginal = within(original.parentElement as HTMLElement).getAllByTestId('difference-outline');
    expect(onOriginal.map((outline) => outline.textContent)).toEqual(['1', '2', '3']);
    expect(onOriginal[0]).toHaveStyle({ left: '25%', top: '40%', width: '50%', height: '8%' });
    expect(onOriginal[1]).toHaveStyle({ left: '10%', top: '70%', width: '10%', height: '5%' });
    // A box reaching past the page's edge is cut at the edge.
    expect(onOriginal[2]).toHaveStyle({ left: '80%', top: '75%', width: '20%', height: '25%' });
    // The registered certificate's own preview gives way to the comparison.
    expect(within(panel).queryByRole('img', { name: /^Registered certificate / })).not.toBeInTheDocument();
  });

  it('altered: the enlarged view opens from the keyboard, switches pictures and closes with Escape', async () => {
    const { user } = renderResult(altered());
    const enlarge = screen.getByRole('button', { name: 'Enlarge: Registered original' });
    enlarge.focus();
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Registered original' });
    const big = within(dialog).getByRole('img', { name: /^The registered original/ });
    expect(within(big.parentElement as HTMLElement).getAllByTestId('difference-outline')).toHaveLength(3);

    await user.click(within(dialog).getByRole('radio', { name: 'This copy' }));
    expect(within(dialog).getByRole('img', { name: /^The uploaded copy/ })).toHaveAttribute(
      'src',
      ALIGNED_COPY,
    );

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('altered without an aligned copy: the original alone, still outlined', () => {
    const { panel } = renderResult(altered({ evidence: { originalPage: ORIGINAL_PAGE, alignedCopy: null } }));
    expect(within(panel).getByRole('img', { name: /^The registered original/ })).toBeInTheDocument();
    expect(within(panel).queryByRole('img', { name: /^The uploaded copy/ })).not.toBeInTheDocument();
    expect(within(panel).getAllByTestId('difference-outline')).toHaveLength(3);
  });

  it('altered with no evidence: the list only', () => {
    const { panel } = renderResult(altered({ evidence: null }));
    expect(within(panel).getByRole('list', { name: 'What differs' })).toBeInTheDocument();
    expect(
      within(panel).queryByRole('heading', { name: 'Comparison with the registered original' }),
    ).not.toBeInTheDocument();
    expect(within(panel).queryAllByTestId('difference-outline')).toHaveLength(0);
    expect(within(panel).queryByRole('button', { name: /^Enlarge/ })).not.toBeInTheDocument();
    expect(within(panel).queryByTestId('registered-withheld')).not.toBeInTheDocument();
  });

  it('altered, registered text withheld: says why, and outlines the differences on the copy alone', async () => {
    const { panel, user } = renderResult(
      altered({
        differences: [
          { ...NAME_CHANGE, registered: null },
          { ...GRADE_CHANGE, registered: null },
          SEAL_CHANGE,
        ],
        evidence: { originalPage: null, alignedCopy: ALIGNED_COPY },
        registeredWithheld: true,
      }),
    );
    const list = within(panel).getByRole('list', { name: 'What differs' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      "Recipient name: this copy reads 'Jane Dae', which differs from the registered certificate",
      "Grade: this copy reads 'A-', which differs from the registered certificate",
      'Seal: this region differs from the registered certificate',
    ]);
    expect(within(panel).getByTestId('registered-withheld')).toHaveTextContent(
      "The registered certificate's own text and page are not shown, because its holder has not made the certificate public.",
    );
    expect(within(panel).getByRole('heading', { name: 'Where this copy differs' })).toBeInTheDocument();
    expect(within(panel).queryByRole('img', { name: /^The registered original/ })).not.toBeInTheDocument();
    const copy = within(panel).getByRole('img', { name: /^The uploaded copy/ });
    expect(copy).toHaveAttribute('src', ALIGNED_COPY);
    expect(within(panel).getAllByTestId('difference-outline')).toHaveLength(3);
    expect(within(panel).queryByText(/Image not available/)).not.toBeInTheDocument();

    await user.click(
      within(panel).getByRole('button', { name: 'Enlarge: This copy, aligned to the original' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'This copy, aligned to the original' });
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
  });

  it('unknown: the spec heading, "No registered certificate matches", the reasons and advice', () => {
    const { panel } = renderResult(
      result({
        verified: false,
        message: 'Certificate not found: no registered certificate matches this file',
        certificate: null,
        matchChannel: null,
        outcome: 'not_found',
        verdict: 'unknown',
        copyKind: 'photo',
        reasons: ['Too little of the certificate is visible to compare it'],
        confidence: 0.4,
      }),
    );
    expect(within(panel).getByRole('heading', { level: 2 })).toHaveTextContent('Certificate Not Found ✗');
    expect(within(panel).getByTestId('verdict-line')).toHaveTextContent(
      /^No registered certificate matches$/,
    );
    const reasons = within(panel).getByRole('list', { name: 'Why' });
    expect(reasons).toHaveTextContent('Too little of the certificate is visible to compare it');
    const advice = within(panel).getByRole('list', { name: 'What you can try' });
    expect(within(advice).getByText(/sharper photo/)).toBeInTheDocument();
    expect(within(advice).getByText(/whole page/)).toBeInTheDocument();
    expect(within(advice).getByText(/original PDF/)).toBeInTheDocument();
    expect(within(panel).getByText('Status:')).toBeInTheDocument();
    expect(within(panel).getByText('40% (low)')).toBeInTheDocument();
    expect(within(panel).queryByRole('heading', { name: 'Certificate Details' })).not.toBeInTheDocument();
  });

  it.each([
    [
      'revoked',
      'Revoked',
      { revokedAt: '2026-11-25T12:00:00Z', revocationReason: 'Issued in error' },
      'This certificate was revoked on Nov 25, 2026. Reason: Issued in error',
    ],
    [
      'suspended',
      'Suspended',
      { suspendedAt: '2026-11-24T12:00:00Z' },
      'This certificate was suspended on Nov 24, 2026: it is not valid for now.',
    ],
    ['expired', 'Expired', { expiryDate: '2025-06-30' }, 'This certificate expired on Jun 30, 2025.'],
    ['pending', 'Pending review', {}, /awaits review/],
    ['failed', 'Rejected', {}, /rejected during review/],
  ] as const)(
    "a %s certificate: the spec heading, the verdict and the status in the public page's words",
    (outcome, label, standing, sentence) => {
      const { panel } = renderResult(
        result({
          verified: false,
          outcome,
          message: `Certificate is ${outcome}`,
          certificate: { ...CERTIFICATE, status: outcome, ...standing },
        }),
      );
      expect(within(panel).getByRole('heading', { level: 2 })).toHaveTextContent('Certificate Not Found ✗');
      expect(within(panel).getByTestId('verdict-line')).toHaveTextContent('Same certificate as registered');
      expect(within(panel).getByText(label)).toBeInTheDocument();
      expect(within(panel).getByText(sentence)).toBeInTheDocument();
    },
  );

  it('shows the recipient and the dates printed on the matched certificate', () => {
    const { panel } = renderResult(result({ certificate: { ...CERTIFICATE, expiryDate: '2027-03-01' } }));
    expect(within(panel).getByText('This certificate is valid.')).toBeInTheDocument();
    expect(within(panel).getByText('Jane Doe')).toBeInTheDocument();
    expect(within(panel).getByText('Mar 1, 2025')).toBeInTheDocument();
    expect(within(panel).getByText('Mar 1, 2027')).toBeInTheDocument();
  });
});
