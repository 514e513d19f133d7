import { buildPath, MESSAGES } from '@willow/contracts';
import type { Operation, OpBody, OpParams, OpQuery, OpResponse } from '@willow/contracts';
import toast from 'react-hot-toast';

/** An error raised by `api`: carries the HTTP status so callers (and retry rules) can tell 4xx from 5xx. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    /** 0 when the server could not be reached */
    readonly status: number,
    /** the user has already been told (network toast, or sent to sign in): do not toast again */
    readonly handled = false,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** What to do when the server says the session is gone; the app swaps in the router's navigate. */
type Navigate = (to: string) => void;
let navigateTo: Navigate = (to) => window.location.assign(to);
export function setSessionLostNavigator(navigate: Navigate): void {
  navigateTo = navigate;
}

const PUBLIC_PATHS = ['/login', '/logout', '/401', '/403', '/terms-of-service', '/privacy-policy', '/magicLink', '/forgotPassword', '/resetPassword', '/onboarding'];

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/**
 * An undecodable/expired token goes through /logout (which clears local state);
 * a missing session goes to /login remembering where the user was.
 * Public pages never redirect, or a failed call on /login would loop.
 */
function handleSessionLost(message: string): void {
  const path = window.location.pathname;
  if (PUBLIC_PATHS.includes(path)) return;
  if (message === MESSAGES.invalidToken) navigateTo('/logout');
  else navigateTo(`/login?returnUrl=${encodeURIComponent(currentPath())}`);
}

const SESSION_LOST_MESSAGES: readonly string[] = [MESSAGES.invalidToken, MESSAGES.notSignedIn];

/** The message of the API's error shape `{error: {message}}`, if the body has one. */
function apiErrorMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const error = (body as { error?: unknown }).error;
  const message = error && typeof error === 'object' ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : undefined;
}

/**
 * The text a failed answer shows: the general message for 5xx, else the server's own words. A 503
 * in the API's own error shape is the server saying on purpose what is not available (it is
 * restarting; the portal's email is not set up), which a person can act on: its words are shown.
 */
export function errorMessageFrom(status: number, body: unknown, ownText?: string): string {
  if (status === 503) return apiErrorMessage(body) ?? MESSAGES.serverError;
  if (status >= 500) return MESSAGES.serverError;
  if (body && typeof body === 'object') {
    const b = body as { error?: unknown; message?: unknown };
    if (b.error && typeof b.error === 'object') {
      const nested = (b.error as { message?: unknown }).message;
      if (typeof nested === 'string' && nested) return nested;
    }
    if (typeof b.error === 'string' && b.error) return b.error;
    if (typeof b.message === 'string' && b.message) return b.message;
  }
  if (ownText) return ownText;
  return MESSAGES.serverError;
}

export function serializeQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** What one call of an operation sends: its path parameters, query, body and extra headers, typed from its schemas. */
export type ApiRequest<O> = {
  params?: OpParams<O>;
  query?: OpQuery<O>;
  body?: OpBody<O>;
  signal?: AbortSignal;
  /** extra request headers (e.g. x-pwa on the schedule sidebar) */
  headers?: Record<string, string>;
};

/**
 * The one way the web app talks to the API. Answers are trusted as they come (the server
 * validates with the same contract), so parsing is plain JSON.
 */
export async function api<O extends Operation>(op: O, args: ApiRequest<O> = {}): Promise<OpResponse<O>> {
  const url =
    buildPath(op.path, args.params as Record<string, string | number> | undefined) +
    serializeQuery(args.query as Record<string, unknown> | undefined);
  const init: RequestInit = {
    method: op.method,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...args.headers },
    signal: args.signal,
  };
  if (args.body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(args.body);
  }

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    // An abort is the caller's own doing (e.g. a query was cancelled): nothing to tell the user.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    toast.error(MESSAGES.serverError, { id: 'network-error' });
    throw new ApiError(MESSAGES.serverError, 0, true);
  }

  const text = await response.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }

  if (!response.ok) {
    const message = errorMessageFrom(response.status, body, response.statusText);
    if (response.status === 401 && SESSION_LOST_MESSAGES.includes(message)) {
      handleSessionLost(message);
      throw new ApiError(message, 401, true);
    }
    throw new ApiError(message, response.status);
  }
  return body as OpResponse<O>;
}
