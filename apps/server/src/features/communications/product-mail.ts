import { COMMUNICATION_MESSAGES } from '@willow/contracts';
import type { Executor } from '../../db/client.js';
import { HttpError } from '../../platform/errors.js';
import { productMessagesRepository } from './communications.repository.js';
import { sendgridProvider, smtpProvider, type EmailProvider } from './providers.js';

/**
 * The product's own mail setting (README, configuration): SMTP_URL (`smtp://user:pass@host:587`,
 * `smtps://…:465` for TLS from the start; nodemailer's options as query parameters, e.g.
 * `?requireTLS=true` or `?tls.rejectUnauthorized=false`) or SENDGRID_API_KEY, from MAIL_FROM.
 */
export interface ProductMailSettings {
  smtpUrl?: string | undefined;
  sendgridApiKey?: string | undefined;
  from?: string | undefined;
}

/** The product's mail cannot be sent: neither SMTP_URL nor SENDGRID_API_KEY is set. The flow that needs it says so. */
export class EmailNotSetUpError extends HttpError {
  constructor() {
    super(503, COMMUNICATION_MESSAGES.productEmailNotSetUp);
    this.name = 'EmailNotSetUpError';
  }
}

export interface ProductMail {
  to: string;
  subject: string;
  body: string;
}

export const DEFAULT_MAIL_FROM = 'Willow <no-reply@localhost>';

/** Parses MAIL_FROM (`Name <address>` or a bare address). */
export function parseFrom(from: string | undefined): { email: string; name: string | null } {
  const text = (from ?? DEFAULT_MAIL_FROM).trim();
  const m = /^(.*)<([^>]+)>$/.exec(text);
  if (m) return { name: m[1]!.trim().replace(/^"|"$/g, '') || null, email: m[2]!.trim() };
  return { name: null, email: text };
}

export class ProductMailer {
  private provider: EmailProvider | undefined | null = null;

  constructor(
    private readonly settings: ProductMailSettings,
    private readonly sendgridApiUrl: string,
  ) {}

  get configured(): boolean {
    return Boolean(this.settings.smtpUrl || this.settings.sendgridApiKey);
  }

  get from() {
    return parseFrom(this.settings.from);
  }

  /** The provider the product's mail goes through; built once (the SMTP transport pools nothing across messages). */
  transport(): EmailProvider | undefined {
    if (this.provider === null) {
      this.provider = this.settings.smtpUrl
        ? smtpProvider(this.settings.smtpUrl)
        : this.settings.sendgridApiKey
          ? sendgridProvider(this.settings.sendgridApiKey, this.sendgridApiUrl)
          : undefined;
    }
    return this.provider;
  }

  /**
   * Queues the product's mail in the caller's transaction (a sign-in code is sent exactly when it
   * is stored). Throws EmailNotSetUpError when the product has no mail setting.
   */
  async queue(ex: Executor, mail: ProductMail): Promise<{ id: string }> {
    if (!this.configured) throw new EmailNotSetUpError();
    const row = await productMessagesRepository.enqueue(ex, { channel: 'email', toAddress: mail.to, subject: mail.subject, body: mail.body });
    return { id: row.id };
  }

  close(): void {
    this.provider?.close?.();
  }
}
