import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema/index';

export interface OutgoingMail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  locale: string;
}

/** Where mail goes: an SMTP server, or the outbox table + a log line with its links. */
export interface MailTransport {
  kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    async close() {
      transporter.close();
    },
  };
}

const LINK = /https?:\/\/\S+/g;

/**
 * Without SMTP the mail is kept in the outbox table and its links are printed to the log, so a
 * fresh install can still verify e-mail and follow sign-in links.
 */
export function createOutboxTransport(
  db: Db,
  from: string,
  logger: FastifyBaseLogger,
): MailTransport {
  return {
    kind: 'outbox',
    async send(mail) {
      await db.insert(outbox).values({ ...mail, from, replyTo: mail.replyTo ?? null });
      logger.info(
        { mail: { to: mail.to, subject: mail.subject, links: mail.text.match(LINK) ?? [] } },
        `mail to ${mail.to}: ${mail.subject}`,
      );
    },
    async close() {},
  };
}
