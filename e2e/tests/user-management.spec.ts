import { expect, test } from '../support/fixtures.ts';
import { signInAsAdmin } from '../support/sessions.ts';
import { createConfirmedAccount, DEMO_ADMIN } from '../support/accounts.ts';

test('an admin searches users, changes a role and a status, and deletes a user; their own row is locked', async ({
  page,
}) => {
  const target = await createConfirmedAccount('e2e-managed', 'Morgan', 'Managed');
  const doomed = await createConfirmedAccount('e2e-doomed', 'Dana', 'Doomed');

  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'User Management' }).first().click();
  await expect(page.getByText('Total Users')).toBeVisible();

  // The admin's own row: both actions disabled, with the spec's reasons.
  await page.getByRole('textbox', { name: 'Search' }).fill(DEMO_ADMIN.email);
  await expect(page.getByRole('button', { name: /Edit admin@example\.com/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: /Delete admin@example\.com/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: /Cannot modify your own account/ })).toBeVisible();

  // Search is case-insensitive on names too.
  await page.getByRole('textbox', { name: 'Search' }).fill('MORGAN');
  const row = page.getByRole('row').filter({ hasText: target.email });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: doomed.email })).toHaveCount(0);

  await row.getByRole('button', { name: `Edit ${target.email}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'moderator' }).click();
  await expect(row).toContainText('moderator');
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'inactive' }).click();
  await expect(row).toContainText('inactive');
  await page.keyboard.press('Escape');

  await page.getByRole('textbox', { name: 'Search' }).fill(doomed.email);
  const doomedRow = page.getByRole('row').filter({ hasText: doomed.email });
  await doomedRow.getByRole('button', { name: `Delete ${doomed.email}` }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(
    `Are you sure you want to delete user "${doomed.email}"? This action cannot be undone and will permanently remove all user data.`,
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row').filter({ hasText: doomed.email })).toHaveCount(0);
  await expect(page.getByText('No users found')).toBeVisible();
});
