import { COMMUNICATION_MESSAGES } from '@willow/contracts';
import type { Executor } from '../../db/client.js';
import { HttpError } from '../../platform/errors.js';
import { sendgridProvider, smtpProvider, type EmailProvider, type Outcome } from '../../platform/message-providers.js';
import type { Settlement } from '../../platform/outbox.repository.js';
import { productMessagesRepository, type ProductMessageRow } from './product-mail.repository.js';

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

/** How long the product's mail is kept once it is done with (housekeeping forgets it then). */
const KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The product's own mail (sign-in codes and links, invitations, email changes), queued by auth,
 * users and profile in their transactions and delivered by the outbox's worker, which claims these
 * rows before the locations' (features/communications).
 */
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

  /** Sends one claimed message through the product's setting: what became of it, or why it is not sent. */
  async deliver(row: ProductMessageRow): Promise<Outcome | Settlement> {
    const provider = this.transport();
    if (!provider) return { state: 'notSent', reason: COMMUNICATION_MESSAGES.productEmailNotSetUp };
    const outcome = await provider.send({ id: row.id, to: row.toAddress, from: this.from, subject: row.subject ?? '', body: row.body });
    // The product's own setting refused: the operator's to fix, the message's reason says it.
    return outcome.kind === 'credentialsRefused' ? { kind: 'failed', reason: outcome.reason } : outcome;
  }

  /** The product's mail done with for a week is forgotten (housekeeping). */
  async prune(ex: Executor, now: Date = new Date()): Promise<void> {
    await productMessagesRepository.prune(ex, new Date(now.getTime() - KEPT_MS));
  }

  close(): void {
    this.provider?.close?.();
  }
}
