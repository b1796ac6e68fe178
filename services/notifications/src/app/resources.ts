/** The notifications service's context, per-process resources and the ports its adapters implement. */
import type { ServiceContext } from '@regatta/runtime';
import type { notificationsEnv } from '../config.js';
import type { PushPayload } from '../domain/push.js';

export type NotificationsContext = ServiceContext<typeof notificationsEnv>;

/** One e-mail handed to the SMTP server. */
export interface OutgoingMail {
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** The same for every attempt of one (fact, recipient, kind): a receiving side collapses a resend. */
  messageId: string;
  headers: Record<string, string>;
}

export type MailResult = { ok: true } | { ok: false; responseCode: number | undefined; error: string };

/** Sends over SMTP (adapters/smtp-sender.ts); tests use any object of this type. */
export interface MailSender {
  send(mail: OutgoingMail): Promise<MailResult>;
  close(): void;
}

export interface Contact {
  userId: string;
  name: string;
  /** Read from identity at send time, kept in memory only for the send. */
  email: string;
}

/** Looks up people's addresses in identity (adapters/identity-directory.ts); never stored here. */
export interface ContactDirectory {
  contacts(userIds: readonly string[]): Promise<Map<string, Contact>>;
  /** The secret part of an account link (password reset, e-mail confirmation); undefined when used or expired. */
  accountLinkToken(linkId: string): Promise<string | undefined>;
}

/** A sailor entered by name and address without an account, for one registration. */
export interface GuestContact {
  registrationId: string;
  name: string;
  /** Read from events at send time, kept in memory only for the send. */
  email: string;
  /** The language the entry was made in for them (events answers 'en' when none was named). */
  language?: string | undefined;
}

/** Looks up guest sailors' addresses in events (adapters/events-directory.ts); never stored here. */
export interface GuestDirectory {
  guests(registrationIds: readonly string[]): Promise<Map<string, GuestContact>>;
}

export interface PushSubscriptionRecord {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushResult = 'sent' | 'gone' | 'failed';

/** Web push to a browser (adapters/web-push-sender.ts); absent when no VAPID keys are configured. */
export interface PushSender {
  publicKey: string;
  send(subscription: PushSubscriptionRecord, payload: PushPayload): Promise<PushResult>;
}

export interface SendSettings {
  concurrency: number;
  leaseMs: number;
  retryDelaysMs: readonly number[];
  /** Absolute base of links in messages (the public site and the console). */
  linkBaseUrl: string;
  /** Key of the unsubscribe tokens. */
  unsubscribeKey: string;
  from: string;
}

export interface NotificationsResources {
  mail: MailSender;
  push: PushSender | undefined;
  /** Plain-http push endpoints are accepted (development and tests: a local push service). */
  pushAllowHttp: boolean;
  directory: ContactDirectory;
  guests: GuestDirectory;
  send: SendSettings;
}
