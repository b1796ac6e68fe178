/**
 * The SMTP sender (nodemailer, pooled connections) to the server SMTP_URL names: Mailpit locally and
 * in tests, any relay in a deployment. A reply code comes back for the retry rules; an address in the
 * server's text is replaced before the text is kept.
 */
import nodemailer from 'nodemailer';
import type { MailResult, MailSender, OutgoingMail } from '../app/resources.js';

export function redactAddresses(text: string): string {
  return text.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '<address>');
}

export function createSmtpSender(settings: { url: string; from: string; connections: number }): MailSender {
  const transport = nodemailer.createTransport({
    url: settings.url,
    pool: true,
    maxConnections: settings.connections,
    maxMessages: Infinity,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as never);
  return {
    async send(mail: OutgoingMail): Promise<MailResult> {
      try {
        await transport.sendMail({
          from: settings.from,
          to: { name: mail.to.name, address: mail.to.address },
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: mail.messageId,
          headers: mail.headers,
        });
        return { ok: true };
      } catch (error) {
        const failure = error as { responseCode?: number; response?: string; message?: string; code?: string };
        return { ok: false, responseCode: failure.responseCode, error: redactAddresses((failure.response ?? failure.message ?? failure.code ?? 'unknown').slice(0, 300)) };
      }
    },
    close() {
      transport.close();
    },
  };
}
