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

/** The verify link of the newest mail to `address` with this subject (e.g. 'You have been invited'). */
export async function verifyLinkFor(address: string, subject: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const found = await mailbox.searchMessages({ query: `to:"${address}" subject:"${subject}"` });
        const newest = found.messages[0];
        if (!newest) return undefined;
        const full = await mailbox.getMessageSummary(newest.ID);
        link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(full.Text)?.[0];
        return link;
      },
      { message: `a mail "${subject}" to ${address}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link as string;
}
