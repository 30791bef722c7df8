import { expect, type Locator, type Page } from '@playwright/test';

/** The public /verification screen (spec section 2, Verification page). */
export class VerificationPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/verification');
    await expect(this.page.getByText('Total Certificates')).toBeVisible();
  }

  /**
   * Verifies a file and returns its result panel. An identical file is answered by its fingerprint;
   * another one goes through the comparison, which takes a while on a loaded machine.
   */
  async verify(path: string): Promise<Locator> {
    await this.page.locator('input[type="file"]').setInputFiles(path);
    await this.page.getByRole('button', { name: 'Verify Certificate' }).click();
    const result = this.page.getByRole('region', { name: 'Verification result' });
    await expect(result).toBeVisible({ timeout: 60_000 });
    return result;
  }
}
