/**
 * HTTP face of the outbox: the subset of Mailpit's API that Supabase's local stack users (and the
 * `mailpit-api` client) rely on, plus a page a person can read.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { html } from 'hono/html';
import { z } from 'zod';
import { SENDER, firstLink, type LocalMailOutbox, type StoredMessage } from './outbox.ts';

const pageSchema = z.object({
  start: z.coerce.number().int().nonnegative().default(0),
  limit: z.coerce.number().int().positive().max(1000).default(50),
});

const searchSchema = pageSchema.extend({ query: z.string().trim().min(1).max(500) });

const deleteSchema = z
  .strictObject({ IDs: z.array(z.string().min(1).max(100)).max(1000).optional() })
  .default({});

/** Mailpit answers errors with a status and a message; ours come as JSON `{"Error": "..."}`. */
function fail(c: Context, status: 400 | 404 | 405 | 413, message: string) {
  return c.json({ Error: message }, status);
}

function summary(m: StoredMessage) {
  return {
    ID: m.ID,
    MessageID: m.MessageID,
    Read: m.Read,
    From: SENDER,
    To: [{ Name: '', Address: m.To }],
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    Subject: m.Subject,
    Created: m.Created,
    Tags: [],
    Size: Buffer.byteLength(m.Text) + Buffer.byteLength(m.HTML),
    Attachments: 0,
    Snippet: m.Text.replace(/\s+/g, ' ').trim().slice(0, 250),
  };
}

function detail(m: StoredMessage) {
  return {
    ID: m.ID,
    MessageID: m.MessageID,
    From: SENDER,
    To: [{ Name: '', Address: m.To }],
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    ReturnPath: SENDER.Address,
    Subject: m.Subject,
    Date: m.Created,
    Tags: [],
    Text: m.Text,
    HTML: m.HTML,
    Size: Buffer.byteLength(m.Text) + Buffer.byteLength(m.HTML),
    Inline: [],
    Attachments: [],
  };
}

/** Mailpit-style search: `to:`, `from:`, `subject:`, `is:read|unread` and plain words, all must match. */
export function matches(m: StoredMessage, query: string): boolean {
  const terms = query.match(/(\w+:)?("[^"]*"|\S+)/g) ?? [];
  return terms.every((term) => {
    const colon = /^(\w+):(.*)$/.exec(term);
    const [field, value] = colon ? [colon[1]?.toLowerCase(), colon[2] ?? ''] : [undefined, term];
    const needle = value.replace(/^"|"$/g, '').toLowerCase();
    switch (field) {
      case 'to':
        return m.To.toLowerCase().includes(needle);
      case 'from':
        return `${SENDER.Name} ${SENDER.Address}`.toLowerCase().includes(needle);
      case 'subject':
        return m.Subject.toLowerCase().includes(needle);
      case 'is':
        return needle === 'read' ? m.Read : needle === 'unread' ? !m.Read : false;
      default:
        return [m.To, m.Subject, m.Text].some((s) => s.toLowerCase().includes(needle));
    }
  });
}

function listing(
  all: readonly StoredMessage[],
  found: readonly StoredMessage[],
  start: number,
  limit: number,
) {
  const page = found.slice(start, start + limit);
  return {
    total: all.length,
    unread: all.filter((m) => !m.Read).length,
    count: page.length,
    messages_count: found.length,
    messages_unread: found.filter((m) => !m.Read).length,
    start,
    tags: [],
    messages: page.map(summary),
  };
}

export function createMailApp(outbox: LocalMailOutbox): Hono {
  const app = new Hono();

  app.use(bodyLimit({ maxSize: 1024 * 1024, onError: (c) => fail(c, 413, 'request body too large') }));

  app.get('/api/v1/messages', (c) => {
    const page = pageSchema.safeParse(c.req.query());
    if (!page.success) return fail(c, 400, 'start and limit must be non-negative integers');
    return c.json(listing(outbox.list(), outbox.list(), page.data.start, page.data.limit));
  });

  app.delete('/api/v1/messages', async (c) => {
    const text = await c.req.text();
    let body: unknown;
    try {
      body = text.trim() === '' ? undefined : JSON.parse(text);
    } catch {
      return fail(c, 400, 'invalid JSON body');
    }
    const parsed = deleteSchema.safeParse(body);
    if (!parsed.success) return fail(c, 400, 'body must be {"IDs": ["<message id>", ...]}');
    await outbox.delete(parsed.data.IDs);
    return c.text('ok');
  });

  app.get('/api/v1/message/:id', async (c) => {
    const id = c.req.param('id');
    const message = outbox.get(id);
    if (!message) return fail(c, 404, 'message not found');
    await outbox.markRead(message.ID);
    return c.json(detail(message));
  });

  app.get('/api/v1/search', (c) => {
    const search = searchSchema.safeParse(c.req.query());
    if (!search.success) return fail(c, 400, 'query is required; start and limit must be integers');
    const found = outbox.list().filter((m) => matches(m, search.data.query));
    return c.json(listing(outbox.list(), found, search.data.start, search.data.limit));
  });

  app.delete('/api/v1/search', async (c) => {
    const search = searchSchema.safeParse(c.req.query());
    if (!search.success) return fail(c, 400, 'query is required');
    await outbox.delete(
      outbox
        .list()
        .filter((m) => matches(m, search.data.query))
        .map((m) => m.ID),
    );
    return c.text('ok');
  });

  app.get('/', (c) => c.html(indexPage(outbox.list())));

  app.get('/view/:id', (c) => {
    const message = outbox.get(c.req.param('id'));
    if (!message)
      return c.html(layout('Message not found', html`<p>This message no longer exists.</p>`), 404);
    return c.html(messagePage(message));
  });

  app.notFound((c) => fail(c, 404, 'not found'));
  app.onError((error, c) => {
    console.error('[mail] request failed:', error);
    return c.json({ Error: 'internal error' }, 500);
  });
  return app;
}

function layout(title: string, body: ReturnType<typeof html>) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · Local outbox</title>
        <style>
          body {
            font:
              16px/1.5 system-ui,
              sans-serif;
            margin: 2rem auto;
            max-width: 60rem;
            padding: 0 1rem;
            color: #1a1b1e;
          }
          table {
            border-collapse: collapse;
            width: 100%;
          }
          th,
          td {
            text-align: left;
            padding: 0.5rem;
            border-bottom: 1px solid #dee2e6;
            vertical-align: top;
          }
          a {
            color: #1864ab;
            word-break: break-all;
          }
          pre {
            white-space: pre-wrap;
            background: #f8f9fa;
            padding: 1rem;
          }
          iframe {
            width: 100%;
            min-height: 24rem;
            border: 1px solid #dee2e6;
          }
          .muted {
            color: #5c5f66;
          }
        </style>
      </head>
      <body>
        ${body}
      </body>
    </html>`;
}

function indexPage(messages: readonly StoredMessage[]) {
  const rows = messages.map((m) => {
    const link = firstLink({ text: m.Text, html: m.HTML });
    return html`<tr>
      <td><time datetime="${m.Created}">${m.Created.replace('T', ' ').slice(0, 19)}</time></td>
      <td>${m.To}</td>
      <td><a href="/view/${m.ID}">${m.Subject || '(no subject)'}</a></td>
      <td>${link ? html`<a href="${link}">${link}</a>` : html`<span class="muted">none</span>`}</td>
    </tr>`;
  });
  return layout(
    'Messages',
    html`<h1>Local outbox</h1>
      <p class="muted">
        Mails the local stack would have sent. Nothing leaves this machine. JSON:
        <a href="/api/v1/messages">/api/v1/messages</a>
      </p>
      ${
        messages.length === 0
          ? html`<p>No messages yet.</p>`
          : html`<table>
              <thead>
                <tr>
                  <th scope="col">Received (UTC)</th>
                  <th scope="col">To</th>
                  <th scope="col">Subject</th>
                  <th scope="col">Link</th>
                </tr>
              </thead>
              <tbody>
                ${rows}
              </tbody>
            </table>`
      }`,
  );
}

function messagePage(m: StoredMessage) {
  return layout(
    m.Subject,
    html`<p><a href="/">← All messages</a></p>
      <h1>${m.Subject}</h1>
      <p>To ${m.To}, ${m.Created.replace('T', ' ').slice(0, 19)} UTC</p>
      <h2>HTML</h2>
      <iframe
        title="HTML body"
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        srcdoc="${m.HTML}"
      ></iframe>
      <h2>Text</h2>
      <pre>${linkify(m.Text)}</pre>`,
  );
}

/** Plain text with its links made clickable (everything else escaped by the html tag). */
function linkify(text: string) {
  return text
    .split(/(https?:\/\/[^\s"'<>]+)/)
    .map((part, i) => (i % 2 === 1 ? html`<a href="${part}">${part}</a>` : html`${part}`));
}
