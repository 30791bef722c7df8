import { expect, test } from '../support/fixtures.ts';
import { accessTokenFor, uploadCertificate } from '../support/api.ts';
import { DEMO_ADMIN } from '../support/accounts.ts';
import { freshCertificatePng } from '../support/certificates.ts';
import { signInAsAdmin } from '../support/sessions.ts';

test('an admin edits an issued certificate: the card, the view, the public page and the history show the change', async ({
  page,
  browser,
}) => {
  // Issuing OCRs the drawn certificate; a loaded machine takes a while.
  test.setTimeout(240_000);
  const drawn = freshCertificatePng('Edited');
  const title = `Edit me ${drawn.number}`;
  const newTitle = `Edited ${drawn.number}`;
  const admin = await accessTokenFor(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const { certificate } = await uploadCertificate(admin, drawn.path, 'image/png', title, {
    recipientName: drawn.recipient,
    course: 'End-to-End Testing Practise',
    issueDate: '2026-11-21',
    certificateNumber: drawn.number,
    issuer: 'Northwind Academy',
  });
  expect(certificate.page_public).toBe(true);

  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Uploaded Certificates' }).first().click();
  await page
    .getByRole('article', { name: title })
    .getByRole('button', { name: `View ${title}` })
    .click();
  const view = page.getByRole('dialog', { name: title, exact: true });
  await view.getByRole('button', { name: 'Edit details' }).click();

  const form = page.getByRole('dialog', { name: `Edit details of ${title}` });
  await expect(form.getByRole('textbox', { name: 'Course or award' })).toHaveValue(
    'End-to-End Testing Practise',
  );
  // The issue form's rules: an expiry before the issue date is refused before anything is sent.
  await form.getByLabel('Expiry date').fill('2026-01-01');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('The expiry date cannot be before the issue date')).toBeVisible();
  await form.getByLabel('Expiry date').fill('');

  await form.getByRole('textbox', { name: 'Title' }).fill(newTitle);
  await form.getByRole('textbox', { name: 'Course or award' }).fill('End-to-End Testing Practice');
  await form.getByRole('textbox', { name: /Reason for the change/ }).fill('Spelling of the course');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Certificate updated')).toBeVisible();

  // The view (now under the new title) and its history.
  const edited = page.getByRole('dialog', { name: newTitle, exact: true });
  await expect(edited.getByText('End-to-End Testing Practice', { exact: true })).toBeVisible();
  const history = edited.getByLabel('History');
  await expect(history.getByText('Edited', { exact: true })).toBeVisible();
  await expect(history.getByText(`Title: ${title} → ${newTitle}`)).toBeVisible();
  await expect(
    history.getByText('Course or award: End-to-End Testing Practise → End-to-End Testing Practice'),
  ).toBeVisible();
  await expect(history.getByText('Reason: Spelling of the course')).toBeVisible();
  await edited.getByRole('button', { name: 'Close' }).click();

  // The card in the list.
  await expect(page.getByRole('article', { name: newTitle })).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);

  // The public page, for anyone.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/c/${certificate.public_id}`);
  await expect(visitor.getByRole('heading', { name: newTitle })).toBeVisible();
  await expect(visitor.getByText('End-to-End Testing Practice', { exact: true })).toBeVisible();
  await visitorContext.close();
});
