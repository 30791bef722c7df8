import { expect, test } from '../support/fixtures.ts';
import { signInAsAdmin } from '../support/sessions.ts';
import { accessTokenFor } from '../support/api.ts';
import { DEMO_ADMIN } from '../support/accounts.ts';
import { freshCertificatePng } from '../support/certificates.ts';
import { deleteCertificates, insertFillerCertificates } from '../support/database.ts';
import { SERVER_WORK } from '../support/waits.ts';

let fillerIds: string[] = [];

test.beforeAll(async () => {
  // More than one page (50) of certificates, so Load More has something to load.
  const admin = await accessTokenFor(DEMO_ADMIN.email, DEMO_ADMIN.password);
  fillerIds = await insertFillerCertificates(admin.userId, 55);
});

test.afterAll(async () => {
  await deleteCertificates(fillerIds);
});

test('an admin uploads a certificate, finds it in All certificates, revokes it and restores it', async ({
  page,
}) => {
  // Two readings of the file (the form's fields, then the upload) before the lists: on a cold, loaded
  // stack the first OCR alone took a minute.
  test.setTimeout(180_000);
  const certificate = freshCertificatePng('Admin');
  const name = `Admin flow ${certificate.number}`;

  await signInAsAdmin(page);
  await expect(page.getByText('Admin Certificate Upload')).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles(certificate.path);
  await expect(page.getByLabel('Chosen file')).toContainText('.png');
  // The issue form reads the fields from the file first; the title then names this test's certificate.
  await expect(page.getByRole('button', { name: /upload/i })).toBeEnabled(SERVER_WORK);
  await page.getByRole('textbox', { name: 'Title' }).fill(name);
  await page.getByRole('button', { name: /upload/i }).click();
  const result = page.getByRole('region', { name: 'Upload result' });
  await expect(result).toBeVisible(SERVER_WORK);
  await expect(result.getByText('Valid', { exact: true })).toBeVisible();

  // All certificates: stats, filters, paging.
  await page.getByRole('link', { name: 'Uploaded Certificates' }).first().click();
  await expect(page.getByText('All Certificates (Admin)')).toBeVisible();
  await page.getByRole('button', { name: 'Stats' }).click();
  await expect(page.getByText('Total Storage')).toBeVisible();
  await expect(page.getByText(/Showing 50 of \d+ certificates \(Page 1 of \d+\)/)).toBeVisible();
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(page.getByText(/Showing (?!50 )\d+ of \d+ certificates/)).toBeVisible();

  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'certificate_name' }).click();
  await expect(page.getByText(/Showing 50 of/)).toBeVisible();

  // The uploaded certificate's card: find it by name (sorted by name it may be on any page, so use the
  // newest-first default again).
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'created_at' }).click();
  const uploadedTitle = new RegExp(certificate.number.replace(/[-]/g, '.'));
  const card = page.getByRole('article').filter({ hasText: uploadedTitle }).first();
  await expect(card).toBeVisible();
  const title = (await card.getAttribute('aria-label')) ?? name;

  await card.getByRole('button', { name: `Revoke ${title}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Are you sure you want to revoke the certificate "${title}"?`);
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('Issued in error');
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(card.getByText('REVOKED', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: `Revoke ${title}` })).toHaveCount(0);

  await page.getByRole('link', { name: 'Revoked Certificates' }).first().click();
  const revokedCard = page.getByRole('article', { name: title });
  await expect(revokedCard).toBeVisible();
  await revokedCard.getByRole('button', { name: `Unrevoke ${title}` }).click();
  const unrevokeDialog = page.getByRole('dialog');
  await expect(unrevokeDialog).toContainText(`Are you sure you want to unrevoke the certificate "${title}"?`);
  await unrevokeDialog.getByRole('button', { name: 'Unrevoke' }).click();
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);
});
