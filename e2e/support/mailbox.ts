import { MailpitClient } from 'mailpit-api';
import { expect } from '@playwright/test';
import { requireStackEnv } from './stack-env.ts';

const mailbox = new MailpitClient(requireStackEnv().MAILPIT_URL);

/** Waits for the newest mail to `address` and returns the first link in its text. */
export async function confirmationLinkFor(address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const { messages } = await mailbox.listMessages(0, 200);
        const mail = messages.find((message) => message.To.some((to) => to.Address === address));
        if (!mail) return undefined;
        const full = await mailbox.getMessageSummary(mail.ID);
        link = /https?:\/\/\S+/.exec(full.Text)?.[0];
        return link;
      },
      { message: `a confirmation mail to ${address}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link as string;
}
