// The email or SMS that carries a card payment link. The data comes from the templates' merge
// context and every text goes through the one template engine.
import { formatCents } from '@willow/contracts';
import type { Executor } from '../../db/client.js';
import { renderTemplate } from '../../platform/template-engine.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { type MergeContextService, smsTemplatesRepository, smsTypeFilter, templateListOptions, smsTemplates } from '../templates/index.js';

export interface PaymentLinkMessage {
  channel: 'email' | 'sms';
  url: string;
  amount: number;
  currency: string;
  purpose: 'balance' | 'deposit';
  /** the invoice paid (INV-000042), for a balance */
  invoiceLabel: string | null;
  locationId: string;
  clientId: string;
  patientId: string | null;
  staffUserId: string | null;
}

export class CardPaymentTexts {
  constructor(private readonly merge: MergeContextService) {}

  /**
   * An SMS uses the location's "Payment request" SMS template (the first by name) when it has one,
   * with the link as {{ link.payment }}; otherwise, and for email, the product's own words.
   */
  async linkMessage(ex: Executor, scope: Scope, m: PaymentLinkMessage): Promise<{ subject: string | null; body: string }> {
    const amount = formatCents(m.amount, m.currency, 'en-US');
    const data = await this.merge.build(
      scope,
      m.channel,
      {
        locationId: m.locationId,
        clientId: m.clientId,
        ...(m.patientId && { patientId: m.patientId }),
        staffUserId: m.staffUserId,
        links: { payment: m.url },
        ...(m.invoiceLabel && { invoice: { number: m.invoiceLabel, balance: amount } }),
      },
      ex,
    );
    const locationName = data.location?.name ?? '';
    const what = m.purpose === 'deposit' ? `a deposit of ${amount}` : `${amount} for invoice ${m.invoiceLabel ?? ''}`.trim();
    const about = m.purpose === 'deposit' && data.patient?.name ? ` for ${data.patient.name}’s visit` : '';
    if (m.channel === 'sms') {
      const [template] = await smsTemplatesRepository.list(ex, scope, {
        ...templateListOptions(smsTemplates, { locationId: m.locationId }, smsTypeFilter('payment_request')),
        limit: 1,
      });
      if (template) return { subject: null, body: await renderTemplate(template.body, data) };
      return { subject: null, body: `${locationName}: please pay ${what}${about} by card: ${m.url}` };
    }
    return {
      subject: `Payment request — ${locationName}`,
      body: [
        `Hello ${data.client?.firstName ?? ''},`,
        '',
        `${locationName} asks you to pay ${what}${about} by card. Open this link to pay securely on Stripe’s page:`,
        '',
        m.url,
        '',
        'The link works for 24 hours.',
      ].join('\n'),
    };
  }
}
