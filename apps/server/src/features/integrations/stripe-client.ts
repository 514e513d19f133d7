import Stripe from 'stripe';
import { hostPortProtocol } from '../../platform/providers.js';

/** How long a call to Stripe may take before it counts as unreachable. */
const STRIPE_TIMEOUT_MS = 15_000;

/**
 * The Stripe SDK for one secret key, pointed at STRIPE_API_URL (Stripe itself unless configured).
 * No automatic retries: a staff member is waiting, and a refused key stays refused.
 */
export function stripeClient(secretKey: string, baseUrl: string): Stripe {
  const { host, port, protocol } = hostPortProtocol(baseUrl);
  return new Stripe(secretKey, { host, port, protocol, maxNetworkRetries: 0, timeout: STRIPE_TIMEOUT_MS, telemetry: false });
}

/** Stripe's errors: the key was refused (authentication or permission), or anything else. */
export function isStripeAuthError(err: unknown): err is Stripe.errors.StripeError {
  return err instanceof Stripe.errors.StripeAuthenticationError || err instanceof Stripe.errors.StripePermissionError;
}

export const isStripeError = (err: unknown): err is Stripe.errors.StripeError => err instanceof Stripe.errors.StripeError;

export const isStripeMissing = (err: unknown) => isStripeError(err) && (err.statusCode === 404 || err.code === 'resource_missing');

export { Stripe };
