import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { createSmtpDelivery } from './mail-transport';
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
});
