import type { Page } from '@playwright/test';
import { LoginPage } from '../pages/login-page.ts';
import { DEMO_ADMIN, DEMO_USER } from './accounts.ts';

export async function signInAsAdmin(page: Page): Promise<void> {
  await new LoginPage(page).signInAs(DEMO_ADMIN.email, DEMO_ADMIN.password, /\/admin$/);
}

export async function signInAsUser(
  page: Page,
  email = DEMO_USER.email,
  password = DEMO_USER.password,
): Promise<void> {
  await new LoginPage(page).signInAs(email, password, /\/$/);
}
