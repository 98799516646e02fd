import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './spawned-server';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

/**
 * A local SMTP server for spawned app servers: hands each mail to `onMail`. STARTTLS is off
 * (smtp-server's bundled certificate has expired), and resets of connections cut by a killed
 * server are expected, not errors.
 */
export async function startMailCatcher(onMail: (mail: CaughtMail) => void): Promise<{
  port: number;
  close: () => Promise<void>;
}> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          onMail({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  server.on('error', () => undefined);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
