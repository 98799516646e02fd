import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { createMailQueue, createSmtpDelivery } from './mail-transport';
import { renderMail } from './mail-templates';

let server: SMTPServer;
let port = 0;
const received: ParsedMail[] = [];

beforeAll(async () => {
  // smtp-server's bundled certificate has expired: the catcher speaks plain SMTP.
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('SMTP mail delivery', () => {
  it('delivers text and HTML to a real SMTP server, with reply-to', async () => {
    const delivery = createSmtpDelivery(`smtp://127.0.0.1:${port}`);
    const mail = renderMail('verify', 'en', {
      name: 'Ada <script>',
      link: 'http://localhost:8080/signup/verify?token=abc',
    });
    await delivery.deliver({
      id: '0b6f6d2e-6a43-4a6e-9d3c-2f0f5d1c9a11',
      from: 'Partner Portal <no-reply@example.test>',
      to: 'ada@example.test',
      replyTo: 'help@example.test',
      ...mail,
      template: 'verify',
      locale: 'en',
      createdAt: new Date(),
      sentAt: null,
      attempts: 1,
      nextAttemptAt: new Date(),
      lastError: null,
      failedAt: null,
      headers: null,
      attachments: null,
    });
    await delivery.close();
    const [delivered] = received;
    expect(delivered?.subject).toBe('Verify your email address');
    expect(delivered?.text).toContain(
      'Verify email: http://localhost:8080/signup/verify?token=abc',
    );
    expect(delivered?.html).toContain('Hi Ada &lt;script&gt;');
    expect(delivered?.replyTo?.text).toBe('help@example.test');
    expect(delivered?.from?.text).toContain('no-reply@example.test');
  });

  it('carries one-click unsubscribe headers and a text attachment', async () => {
    const delivery = createSmtpDelivery(`smtp://127.0.0.1:${port}`);
    const unsubscribe = 'https://portal.example.test/api/notification/unsubscribe?token=abc';
    await delivery.deliver({
      id: '5d1e6b8a-3f2c-4d7e-8a9b-0c1d2e3f4a5b',
      from: 'Partner Portal <no-reply@example.test>',
      to: 'dana@example.test',
      replyTo: null,
      subject: 'Your weekly report',
      text: 'Figures',
      html: '<p>Figures</p>',
      template: 'report_digest',
      locale: 'en',
      createdAt: new Date(),
      sentAt: null,
      attempts: 1,
      nextAttemptAt: new Date(),
      lastError: null,
      failedAt: null,
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      attachments: [
        {
          filename: 'report.csv',
          contentType: 'text/csv',
          content: 'date,revenue\r\n2026-11-20,12.5\r\n',
        },
      ],
    });
    await delivery.close();
    const delivered = received.find((mail) => mail.subject === 'Your weekly report');
    // The parser folds List-* headers into one object: read the lines as they were sent.
    const line = (key: string) =>
      delivered?.headerLines.find((header) => header.key === key)?.line.replace(/\r\n\s*/g, ' ');
    expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(line('list-unsubscribe')).toBe(`List-Unsubscribe: <${unsubscribe}>`);
    const [file] = delivered?.attachments ?? [];
    expect(file?.filename).toBe('report.csv');
    expect(file?.contentType).toBe('text/csv');
    expect(file?.content.toString('utf8')).toBe('date,revenue\r\n2026-11-20,12.5\r\n');
  });

  it('refuses to queue a header value that holds a line break', async () => {
    const written: unknown[] = [];
    const db = { insert: () => ({ values: async (row: unknown) => written.push(row) }) };
    const queue = createMailQueue(db as never, 'no-reply@example.test');
    const mail = {
      to: 'a@example.test',
      subject: 's',
      text: 't',
      html: 'h',
      template: 'x',
      locale: 'en',
    };
    await expect(
      queue.send({
        ...mail,
        headers: { 'List-Unsubscribe': '<https://x>\r\nBcc: evil@example.test' },
      }),
    ).rejects.toThrow(/line break/);
    expect(written).toEqual([]);
    await queue.send({ ...mail, headers: { 'List-Unsubscribe': '<https://x>' } });
    expect(written).toHaveLength(1);
  });
});
