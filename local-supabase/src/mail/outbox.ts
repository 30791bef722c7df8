/**
 * The local stand-in for SMTP: mails are kept in memory (and in `<dataDir>/mail.json`, so a restart
 * keeps them), listed through a Mailpit-compatible API and announced on the console.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { MailOutbox, OutgoingMail } from '../stack/types.ts';

const MAX_MESSAGES = 1000;
export const SENDER = { Name: 'Supabase Auth', Address: 'noreply@mail.app.supabase.io' };

const storedMessageSchema = z.object({
  ID: z.string(),
  MessageID: z.string(),
  Read: z.boolean(),
  To: z.string(),
  Subject: z.string(),
  Text: z.string(),
  HTML: z.string(),
  Created: z.string(),
});

export type StoredMessage = z.infer<typeof storedMessageSchema>;

const LINK = /https?:\/\/[^\s"'<>]+/;

/** First http(s) link in a mail, HTML entities in it decoded. */
export function firstLink(mail: { text: string; html: string }): string | undefined {
  const match = LINK.exec(mail.text) ?? LINK.exec(mail.html);
  return match?.[0].replaceAll('&amp;', '&');
}

export class LocalMailOutbox implements MailOutbox {
  private messages: StoredMessage[] = [];
  private writing: Promise<void> = Promise.resolve();
  private readonly file: string;

  constructor(
    dataDir: string,
    private readonly announce: (line: string) => void,
  ) {
    this.file = path.join(dataDir, 'mail.json');
    if (existsSync(this.file)) {
      const parsed = z.array(storedMessageSchema).safeParse(JSON.parse(readFileSync(this.file, 'utf8')));
      // A damaged outbox file is not worth failing a start over: begin with an empty outbox.
      this.messages = parsed.success ? parsed.data : [];
    }
  }

  async send(mail: OutgoingMail): Promise<void> {
    const id = randomBytes(16).toString('base64url').slice(0, 22);
    this.messages.unshift({
      ID: id,
      MessageID: `${id}@local-supabase`,
      Read: false,
      To: mail.to,
      Subject: mail.subject,
      Text: mail.text,
      HTML: mail.html,
      Created: new Date().toISOString(),
    });
    this.messages.length = Math.min(this.messages.length, MAX_MESSAGES);
    const link = firstLink(mail);
    this.announce(`Mail to ${mail.to}: "${mail.subject}"${link ? ` ${link}` : ''}`);
    await this.persist();
  }

  /** Newest first. */
  list(): readonly StoredMessage[] {
    return this.messages;
  }

  get(id: string): StoredMessage | undefined {
    return id === 'latest' ? this.messages[0] : this.messages.find((m) => m.ID === id);
  }

  async markRead(id: string): Promise<void> {
    const message = this.get(id);
    if (message && !message.Read) {
      message.Read = true;
      await this.persist();
    }
  }

  /** Deletes the given IDs (unknown ones are ignored), or everything when none are given. */
  async delete(ids?: readonly string[]): Promise<void> {
    if (!ids || ids.length === 0) {
      this.messages = [];
    } else {
      const doomed = new Set(ids);
      this.messages = this.messages.filter((m) => !doomed.has(m.ID));
    }
    await this.persist();
  }

  /**
   * Serialised writes, atomically replaced, so concurrent sends never interleave on disk. The outbox
   * works from memory, so a failed write is reported but does not fail the send.
   */
  private persist(): Promise<void> {
    const snapshot = JSON.stringify(this.messages);
    this.writing = this.writing.then(async () => {
      const temp = `${this.file}.tmp`;
      try {
        await writeFile(temp, snapshot);
        await rename(temp, this.file);
      } catch (error) {
        this.announce(`Could not save the outbox to ${this.file}: ${(error as Error).message}`);
      }
    });
    return this.writing;
  }

  /** Waits for pending writes (on shutdown). */
  flush(): Promise<void> {
    return this.writing;
  }
}
