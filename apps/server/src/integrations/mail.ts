import { createRequire } from 'node:module';
import type nodemailerModule from 'nodemailer';
import type { Logger } from '../logger.ts';

/** Headers: the one-click unsubscribe (List-Unsubscribe, List-Unsubscribe-Post) of a notification's mail. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string> | null;
};

/** Delivers e-mail. The outbox worker is its only caller, so a slow or failing server never blocks a request. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Real SMTP through nodemailer (smtp:// or smtps:// URL with credentials). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  // Loaded only when SMTP is configured (a faster start).
  const nodemailer = createRequire(import.meta.url)('nodemailer') as typeof nodemailerModule;
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.headers ? { headers: message.headers } : {}),
      });
    },
    close: () => transport.close(),
  };
}

/** Without SMTP_URL the message, links included, goes to the log, so a local user can follow it. */
export function loggingMailer(logger: Logger): Mailer {
  return {
    async send(message) {
      logger.info({ mail: message }, `E-mail to ${message.to}: ${message.subject}\n${message.text}`);
    },
    close: () => undefined,
  };
}
