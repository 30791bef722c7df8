/**
 * The mail outbox over real HTTP, read with the real `mailpit-api` client: what Supabase's local
 * Mailpit offers tests (list, read with Text and HTML, delete), bad requests, and persistence.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { MailpitClient } from 'mailpit-api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LocalMailOutbox } from '../src/mail/outbox.ts';
import { createMailApp } from '../src/mail/server.ts';

let dataDir: string;
let outbox: LocalMailOutbox;
let server: ServerType;
let baseUrl: string;
let mailpit: MailpitClient;
const announced: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'mail-test-'));
  outbox = new LocalMailOutbox(dataDir, (line) => announced.push(line));
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: createMailApp(outbox).fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  mailpit = new MailpitClient(baseUrl);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await outbox.flush();
  await rm(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await mailpit.deleteMessages();
});

const confirmation = (to: string) => ({
  to,
  subject: 'Confirm your signup',
  text: `Follow this link to confirm your user:\nhttp://127.0.0.1:54321/auth/v1/verify?token=abc&type=signup&redirect_to=http://127.0.0.1:3000\n`,
  html: `<h2>Confirm your signup</h2><p><a href="http://127.0.0.1:54321/auth/v1/verify?token=abc&amp;type=signup">Confirm your mail</a></p>`,
});

describe('mail outbox', () => {
  it('lists sent mail newest first in Mailpit shape', async () => {
    await outbox.send(confirmation('first@example.test'));
    await outbox.send(confirmation('second@example.test'));
    const list = await mailpit.listMessages();
    expect(list.total).toBe(2);
    expect(list.messages_count).toBe(2);
    expect(list.unread).toBe(2);
    expect(list.messages.map((m) => m.To[0]?.Address)).toEqual(['second@example.test', 'first@example.test']);
    const [newest] = list.messages;
    expect(newest).toMatchObject({ Subject: 'Confirm your signup', Read: false, Attachments: 0 });
    expect(newest?.ID).toMatch(/^[A-Za-z0-9_-]{10,}$/);
    expect(newest?.Snippet).toContain('Follow this link');
  });

  it('returns one message with Text and HTML, marks it read, and prints its first link', async () => {
    await outbox.send(confirmation('reader@example.test'));
    const [summary] = (await mailpit.listMessages()).messages;
    const message = await mailpit.getMessageSummary(summary?.ID);
    expect(message.Text).toContain('/auth/v1/verify?token=abc&type=signup');
    expect(message.HTML).toContain('<a href="http://127.0.0.1:54321/auth/v1/verify');
    expect(message.To).toEqual([{ Name: '', Address: 'reader@example.test' }]);
    expect((await mailpit.listMessages()).unread).toBe(0);
    expect((await mailpit.getMessageSummary('latest')).ID).toBe(summary?.ID);
    expect(announced.at(-1)).toContain(
      'reader@example.test: "Confirm your signup" http://127.0.0.1:54321/auth/v1/verify?token=abc&type=signup',
    );
  });

  it('finds mail with Mailpit search terms', async () => {
    await outbox.send(confirmation('findme@example.test'));
    await outbox.send({ to: 'other@example.test', subject: 'Reset your password', text: 'reset', html: '' });
    const found = await mailpit.searchMessages({ query: 'to:findme@example.test subject:"Confirm your"' });
    expect(found.messages.map((m) => m.To[0]?.Address)).toEqual(['findme@example.test']);
    expect((await mailpit.searchMessages({ query: 'to:nobody@example.test' })).messages_count).toBe(0);
  });

  it('deletes the given IDs, or everything', async () => {
    await outbox.send(confirmation('a@example.test'));
    await outbox.send(confirmation('b@example.test'));
    await outbox.send(confirmation('c@example.test'));
    const ids = (await mailpit.listMessages()).messages.map((m) => m.ID);
    await mailpit.deleteMessages({ IDs: [ids[0] ?? ''] });
    expect((await mailpit.listMessages()).messages.map((m) => m.ID)).toEqual(ids.slice(1));
    await mailpit.deleteMessages();
    expect((await mailpit.listMessages()).total).toBe(0);
  });

  it('answers bad requests with a JSON error and changes nothing', async () => {
    await outbox.send(confirmation('keep@example.test'));
    const attempts: [string, RequestInit][] = [
      ['/api/v1/messages', { method: 'DELETE', body: '{"IDs": [' }],
      ['/api/v1/messages', { method: 'DELETE', body: '{"IDs": "all"}' }],
      ['/api/v1/messages', { method: 'DELETE', body: '{"ids": []}' }],
      ['/api/v1/messages', { method: 'DELETE', body: 'x'.repeat(2 * 1024 * 1024) }],
      ['/api/v1/messages?limit=-1', {}],
      ['/api/v1/search', {}],
      ['/api/v1/message/does-not-exist', {}],
      ['/api/v2/messages', {}],
    ];
    for (const [url, init] of attempts) {
      const res = await fetch(`${baseUrl}${url}`, init);
      expect(res.status, url).toBeGreaterThanOrEqual(400);
      expect(res.status, url).toBeLessThan(500);
      expect(res.headers.get('content-type'), url).toMatch(/^application\/json/);
      expect(await res.json(), url).toHaveProperty('Error');
    }
    expect((await mailpit.listMessages()).total).toBe(1);
  });

  it('shows a readable page with the messages and their links', async () => {
    await outbox.send(confirmation('page@example.test'));
    const res = await fetch(`${baseUrl}/`);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await res.text();
    expect(page).toContain('page@example.test');
    expect(page).toContain('Confirm your signup');
    expect(page).toContain('href="http://127.0.0.1:54321/auth/v1/verify?token=abc&amp;type=signup');
    const id = (await mailpit.listMessages()).messages[0]?.ID ?? '';
    const view = await (await fetch(`${baseUrl}/view/${id}`)).text();
    expect(view).toContain('Follow this link to confirm your user');
  });

  it('escapes what a mail contains on the page', async () => {
    await outbox.send({
      to: 'x@example.test',
      subject: '<script>alert(1)</script>',
      text: '<b>hi</b>',
      html: '',
    });
    const page = await (await fetch(`${baseUrl}/`)).text();
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).toContain('&lt;script&gt;');
  });

  it('keeps the outbox across a restart', async () => {
    await outbox.send(confirmation('persist@example.test'));
    await outbox.flush();
    const reopened = new LocalMailOutbox(dataDir, () => undefined);
    expect(reopened.list().map((m) => m.To)).toContain('persist@example.test');
  });
});
