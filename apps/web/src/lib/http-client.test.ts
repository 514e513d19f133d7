import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getUserPermissions, listUsers, MESSAGES, toggleUserActivation, updateLocation } from '@willow/contracts';
import toast from 'react-hot-toast';
import { api, ApiError, errorMessageFrom, serializeQuery, setSessionLostNavigator } from './http-client';

function answer(status: number, body: unknown) {
  return vi.fn().mockResolvedValue(
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
}

describe('errorMessageFrom (the text a failed answer shows)', () => {
  it('uses the generic text for 500 and above, whatever the body says', () => {
    expect(errorMessageFrom(500, { error: { message: 'db exploded' } })).toBe(MESSAGES.serverError);
    expect(errorMessageFrom(503, undefined, 'Service Unavailable')).toBe(MESSAGES.serverError);
    expect(errorMessageFrom(503, '<html>Service Unavailable</html>')).toBe(MESSAGES.serverError);
  });

  it('shows what the server itself says it cannot do now (503 in its error shape)', () => {
    expect(errorMessageFrom(503, { error: { message: MESSAGES.shuttingDown } })).toBe(MESSAGES.shuttingDown);
    expect(errorMessageFrom(503, { error: { message: 'Email is not set up for this portal' } })).toBe('Email is not set up for this portal');
  });

  it('prefers error.message, then error, then message, then the own text', () => {
    expect(errorMessageFrom(400, { error: { message: 'a' }, message: 'c' })).toBe('a');
    expect(errorMessageFrom(400, { error: 'b', message: 'c' })).toBe('b');
    expect(errorMessageFrom(400, { message: 'c' })).toBe('c');
    expect(errorMessageFrom(404, {}, 'Not Found')).toBe('Not Found');
  });
  it('falls back to the generic text when nothing is known', () => {
    expect(errorMessageFrom(400, undefined, '')).toBe(MESSAGES.serverError);
  });
});

describe('serializeQuery', () => {
  it('drops undefined and null, repeats arrays', () => {
    expect(serializeQuery({ a: true, b: undefined, c: null, d: ['x', 'y'] })).toBe('?a=true&d=x&d=y');
    expect(serializeQuery({})).toBe('');
  });
});

describe('api', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    navigate.mockReset();
    setSessionLostNavigator(navigate);
    window.history.replaceState(null, '', '/users?tab=2');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('builds the path and query, sends the wrapped body as JSON and returns the parsed answer', async () => {
    const fetchMock = answer(200, { id: 'l1', name: 'Main' });
    vi.stubGlobal('fetch', fetchMock);
    const result = await api(updateLocation, { params: { id: 'l1' }, body: { data: { name: 'Main' } } });
    expect(result).toEqual({ id: 'l1', name: 'Main' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/location/l1');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(JSON.parse(String(init.body))).toEqual({ data: { name: 'Main' } });
  });

  it('serialises the query', async () => {
    const fetchMock = answer(200, []);
    vi.stubGlobal('fetch', fetchMock);
    await api(listUsers, { query: { includePermissions: true } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user?includePermissions=true');
  });

  it('raises the server message with the status attached', async () => {
    vi.stubGlobal('fetch', answer(402, { error: { message: MESSAGES.userLimit } }));
    const error = await api(toggleUserActivation, { params: { id: 'u1' }, body: { data: { isActive: true } } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(MESSAGES.userLimit);
    expect((error as ApiError).status).toBe(402);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends a lost session to /login with the current path as returnUrl', async () => {
    vi.stubGlobal('fetch', answer(401, { error: { message: MESSAGES.notSignedIn } }));
    await expect(api(getUserPermissions)).rejects.toMatchObject({ status: 401, handled: true });
    expect(navigate).toHaveBeenCalledWith(`/login?returnUrl=${encodeURIComponent('/users?tab=2')}`);
  });

  it('sends an invalid token to /logout', async () => {
    vi.stubGlobal('fetch', answer(401, { error: { message: MESSAGES.invalidToken } }));
    await expect(api(getUserPermissions)).rejects.toMatchObject({ message: MESSAGES.invalidToken });
    expect(navigate).toHaveBeenCalledWith('/logout');
  });

  it('treats other 401s as ordinary errors, not as a lost session', async () => {
    vi.stubGlobal('fetch', answer(401, { error: { message: MESSAGES.notAuthorizedAction } }));
    await expect(
      api(toggleUserActivation, { params: { id: 'u1' }, body: { data: { isActive: false } } }),
    ).rejects.toMatchObject({ message: MESSAGES.notAuthorizedAction, handled: false });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not redirect from a public page (no loop on /login)', async () => {
    window.history.replaceState(null, '', '/login');
    vi.stubGlobal('fetch', answer(401, { error: { message: MESSAGES.notSignedIn } }));
    await expect(api(getUserPermissions)).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('toasts and raises on a network failure', async () => {
    const toastSpy = vi.spyOn(toast, 'error');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api(getUserPermissions)).rejects.toMatchObject({ status: 0, message: MESSAGES.serverError });
    expect(toastSpy).toHaveBeenCalledWith(MESSAGES.serverError, expect.anything());
  });
});
