import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { accessTokenFor, revokeCertificate, uploadCertificate } from '../support/api.ts';
import { DEMO_ADMIN } from '../support/accounts.ts';
import { freshCertificatePng, scratchFile } from '../support/certificates.ts';
import { SERVER_WORK } from '../support/waits.ts';

let valid: ReturnType<typeof freshCertificatePng>;
let revoked: ReturnType<typeof freshCertificatePng>;

test.beforeAll(async () => {
  const admin = await accessTokenFor(DEMO_ADMIN.email, DEMO_ADMIN.password);
  valid = freshCertificatePng('Genuine');
  await uploadCertificate(admin, valid.path, 'image/png', `Genuine ${valid.number}`);
  revoked = freshCertificatePng('Revoked');
  const upload = await uploadCertificate(admin, revoked.path, 'image/png', `Revoked ${revoked.number}`);
  await revokeCertificate(admin.token, upload.certificate.id);
});

async function openVerification(page: Page): Promise<void> {
  await page.goto('/verification');
  await expect(page.getByText('Total Certificates')).toBeVisible();
  await expect(page.getByText('Success Rate')).toBeVisible();
}

async function verify(page: Page, path: string): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles(path);
  await page.getByRole('button', { name: 'Verify Certificate' }).click();
}

test('a visitor verifies an issued certificate', async ({ page }) => {
  await openVerification(page);
  await verify(page, valid.path);
  await expect(page.getByText('Certificate Verified ✓')).toBeVisible(SERVER_WORK);
  await expect(page.getByText(/exact file/i).first()).toBeVisible();
});

test('an unknown certificate is reported as not found', async ({ page }) => {
  await openVerification(page);
  await verify(page, freshCertificatePng('Unknown').path);
  await expect(page.getByText('Certificate Not Found ✗')).toBeVisible(SERVER_WORK);
});

test('a revoked certificate does not verify and the page says it was revoked', async ({ page }) => {
  await openVerification(page);
  await verify(page, revoked.path);
  await expect(page.getByText('Certificate Not Found ✗')).toBeVisible(SERVER_WORK);
  // The standing's badge, not the recipient's name ("Jordan Revoked ...") or the title.
  const result = page.getByRole('region', { name: 'Verification result' });
  await expect(result.getByText('Revoked', { exact: true })).toBeVisible();
});

test('a file of the wrong type is refused before upload', async ({ page }) => {
  await openVerification(page);
  await page
    .locator('input[type="file"]')
    .setInputFiles(scratchFile('notes.txt', 'plain text, not a certificate'));
  await expect(
    page.getByText('Please select a valid file type (JPEG, PNG, GIF, WebP, BMP, TIFF, PDF)'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verify Certificate' })).toHaveCount(0);
});

test('a file over 10 MB is refused before upload', async ({ page }) => {
  await openVerification(page);
  const pngHeader = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const big = new Uint8Array(10 * 1024 * 1024 + 1);
  big.set(pngHeader);
  await page.locator('input[type="file"]').setInputFiles(scratchFile('huge.png', big));
  await expect(page.getByText('File size must be less than 10MB')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verify Certificate' })).toHaveCount(0);
});
