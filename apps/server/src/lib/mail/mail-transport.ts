import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { outbox, type MailAttachment, type MailHeaders } from '../../db/schema/index';

export interface OutgoingMail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  locale: string;
  headers?: MailHeaders;
  attachments?: MailAttachment[];
}

/** A header value is one line: a line break would let it add headers of its own. */
function checkedHeaders(headers: MailHeaders | undefined): MailHeaders | null {
  if (!headers) return null;
  for (const [name, value] of Object.entries(headers)) {
    if (/[\r\n]/.test(value ?? '')) throw new Error(`Mail header ${name} holds a line break`);
  }
  return headers;
}

/** A queued mail as the dispatcher hands it to a delivery. */
export type QueuedMail = typeof outbox.$inferSelect;

/**
 * How services send mail: a row in the outbox, written with `db` — pass the transaction of the
 * change the mail tells about, so the mail exists exactly when the change does. The dispatcher
 * (mail-dispatcher.ts) delivers it once that commits.
 */
export interface MailTransport {
  send(mail: OutgoingMail, db?: Db): Promise<void>;
}

export function createMailQueue(defaultDb: Db, from: string): MailTransport {
  return {
    async send(mail, db = defaultDb) {
      await db.insert(outbox).values({
        ...mail,
        from,
        replyTo: mail.replyTo ?? null,
        headers: checkedHeaders(mail.headers),
        attachments: mail.attachments ?? null,
      });
    },
  };
}

/** Where the dispatcher delivers: an SMTP server, or the log (links included) without one. */
export interface MailDelivery {
  kind: 'smtp' | 'log';
  deliver(mail: QueuedMail): Promise<void>;
  close(): Promise<void>;
}

export function createSmtpDelivery(smtpUrl: string): MailDelivery {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async deliver(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // The outbox id: a receiving server can tell a retried delivery from a new mail.
        messageId: `<${mail.id}@partner-portal>`,
        headers: mail.headers ?? undefined,
        attachments: mail.attachments ?? undefined,
      });
    },
    async close() {
      transporter.close();
    },
  };
}

const LINK = /https?:\/\/\S+/g;

/**
 * Without SMTP a mail's links are printed to the log (and the row stays in the outbox), so a
 * fresh install can still verify e-mail and follow sign-in links.
 */
function createLogDelivery(logger: FastifyBaseLogger): MailDelivery {
  return {
    kind: 'log',
    async deliver(mail) {
      logger.info(
        { mail: { to: mail.to, subject: mail.subject, links: mail.text.match(LINK) ?? [] } },
        `mail to ${mail.to}: ${mail.subject}`,
      );
    },
    async close() {},
  };
}

export function createMailDelivery(
  smtpUrl: string | undefined,
  logger: FastifyBaseLogger,
): MailDelivery {
  return smtpUrl ? createSmtpDelivery(smtpUrl) : createLogDelivery(logger);
}
