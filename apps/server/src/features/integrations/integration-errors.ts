import { INTEGRATION_MESSAGES } from '@willow/contracts';
import { HttpError } from '../../platform/errors.js';

/**
 * What a feature answers when the integration it needs is missing (409: the location's setup has
 * to change first) or its credentials are refused by the provider (422: the request was fine, the
 * stored credentials cannot be used; not a 5xx, which the web shows as "Something went wrong"
 * instead of the message). docs/decisions/0065.
 */
export const integrationNotSetUp = () => new HttpError(409, INTEGRATION_MESSAGES.notSetUp);

/** `providerSaid` must already be free of secrets (see `withoutSecrets`). */
export const integrationRefused = (providerSaid?: string | null) =>
  new HttpError(422, providerSaid ? `${INTEGRATION_MESSAGES.notSetUpCorrectly} ${providerSaid}` : INTEGRATION_MESSAGES.notSetUpCorrectly);

/** At most this much of what a provider said is kept (a check's message, an error answer). */
const PROVIDER_TEXT_MAX = 300;

/**
 * Security-critical: a provider's error text with every secret it might echo (an API key in a
 * "key SG.xxx is invalid", a password in a URL) cut out, shortened to a line, so it can be shown,
 * stored as a check's message and logged.
 */
export function withoutSecrets(text: string, secrets: readonly (string | null | undefined)[]): string {
  let clean = text.replace(/\s+/g, ' ').trim();
  for (const secret of secrets) {
    if (!secret || secret.length < 4) continue;
    clean = clean.split(secret).join('[hidden]');
    // A key is often echoed partly (its first characters, or URL-encoded).
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) clean = clean.split(encoded).join('[hidden]');
  }
  return clean.length > PROVIDER_TEXT_MAX ? `${clean.slice(0, PROVIDER_TEXT_MAX - 1)}…` : clean;
}
