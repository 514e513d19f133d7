import type Stripe from 'stripe';
import { hostPortProtocol } from '../../platform/providers.js';

/** How long a call to Stripe may take before it counts as unreachable. */
const STRIPE_TIMEOUT_MS = 15_000;

type StripeModule = typeof import('stripe').default;

/**
 * The SDK takes about a second to load, so it is loaded when Stripe is first called rather than
 * with the server: start-up, and every process of a practice without card payments, skip it.
 */
let loaded: StripeModule | undefined;
let loading: Promise<StripeModule> | undefined;
export function loadStripe(): Promise<StripeModule> {
  loading ??= import('stripe').then(({ default: sdk }) => (loaded = sdk));
  return loading;
}

/**
 * The Stripe SDK for one secret key, pointed at STRIPE_API_URL (Stripe itself unless configured).
 * No automatic retries: a staff member is waiting, and a refused key stays refused.
 */
export async function stripeClient(secretKey: string, baseUrl: string): Promise<Stripe> {
  const { host, port, protocol } = hostPortProtocol(baseUrl);
  const Sdk = await loadStripe();
  return new Sdk(secretKey, { host, port, protocol, maxNetworkRetries: 0, timeout: STRIPE_TIMEOUT_MS, telemetry: false });
}

// Stripe's errors come only from a client made above, so before the SDK is loaded nothing is one.

export const isStripeError = (err: unknown): err is Stripe.errors.StripeError => loaded !== undefined && err instanceof loaded.errors.StripeError;

/** The key was refused (authentication or permission). */
export function isStripeAuthError(err: unknown): err is Stripe.errors.StripeError {
  return loaded !== undefined && (err instanceof loaded.errors.StripeAuthenticationError || err instanceof loaded.errors.StripePermissionError);
}

export const isStripeMissing = (err: unknown) => isStripeError(err) && (err.statusCode === 404 || err.code === 'resource_missing');

export type { Stripe };
