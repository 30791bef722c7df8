import { expect, test } from '../support/fixtures.ts';
import { signInAsUser } from '../support/sessions.ts';

const ADMIN_ROUTES = [
  '/admin',
  '/admin/certificates',
  '/admin/certificates/all',
  '/admin/certificates/revoked',
  '/admin/certificates/users',
];

test.describe('a signed-in non-admin on every admin route', () => {
  for (const route of ADMIN_ROUTES) {
    test(`${route} sends them home without showing admin data`, async ({ page }) => {
      await signInAsUser(page);
      await page.goto(route);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByText('Dashboard')).toHaveCount(0);
      await expect(page.getByText('All Certificates (Admin)')).toHaveCount(0);
    });
  }
});

test('a visitor on an admin route is sent away from it', async ({ page }) => {
  await page.goto('/admin/certificates/users');
  await expect(page).not.toHaveURL(/\/admin/);
});

test('an unknown route shows the not-found page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: /not found|404/i })).toBeVisible();
});
