import { expect, type Page } from '@playwright/test';

/** The /login screen (spec section 2, Login). */
export class LoginPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/login');
    await expect(this.page.getByLabel('Email', { exact: false }).first()).toBeVisible();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.page.getByRole('textbox', { name: /email/i }).fill(email);
    await this.page
      .getByLabel(/^password/i)
      .first()
      .fill(password);
    await this.page.getByRole('button', { name: 'Login', exact: true }).click();
  }

  /**
   * Signs in from the header's Sign In link, as a user does after signing out: a page load of /login
   * over a /login the app reached itself reloads it with that entry's state, and a guard's "come back
   * to /profile" state then decides the landing (the invitation test's flake).
   */
  async signInFromHeader(email: string, password: string, landing: RegExp): Promise<void> {
    await this.page.getByRole('link', { name: 'Sign In' }).first().click();
    await expect(this.page.getByLabel('Email', { exact: false }).first()).toBeVisible();
    await this.signIn(email, password);
    await expect(this.page).toHaveURL(landing);
  }

  /** Signs in and waits for the role-based redirect. */
  async signInAs(email: string, password: string, landing: RegExp): Promise<void> {
    await this.open();
    await this.signIn(email, password);
    await expect(this.page).toHaveURL(landing);
  }
}
