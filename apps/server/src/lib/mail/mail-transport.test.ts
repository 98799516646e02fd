import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { createSmtpTransport } from './mail-transport';
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

describe('SMTP mail transport', () => {
  it('delivers text and HTML to a real SMTP server, with reply-to', async () => {
    const transport = createSmtpTransport(
      `smtp://127.0.0.1:${port}`,
      'Partner Portal <no-reply@example.test>',
    );
    const mail = renderMail('verify', 'en', {
      name: 'Ada <script>',
      link: 'http://localhost:8080/signup/verify?token=abc',
    });
    await transport.send({
      to: 'ada@example.test',
      replyTo: 'help@example.test',
      ...mail,
      template: 'verify',
      locale: 'en',
    });
    await transport.close();
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
