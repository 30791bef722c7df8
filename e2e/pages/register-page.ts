import type { Page } from '@playwright/test';

/** The /register screen (spec section 2, Register). */
export class RegisterPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/register');
  }

  async register(details: {
    firstname: string;
    lastname: string;
    email: string;
    password: string;
  }): Promise<void> {
    await this.page.getByLabel(/first name/i).fill(details.firstname);
    await this.page.getByLabel(/last name/i).fill(details.lastname);
    await this.page.getByRole('textbox', { name: /email/i }).fill(details.email);
    await this.page
      .getByLabel(/^password/i)
      .first()
      .fill(details.password);
    // The spec labels the register submit button 'Sign In'.
    await this.page.getByRole('button', { name: 'Sign In', exact: true }).click();
  }
}
