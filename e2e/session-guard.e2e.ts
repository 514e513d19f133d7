// The session guard: every redirect the guard makes, for page loads and for API answers.
import { SignJWT } from 'jose';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listUsers } from '@willow/contracts';
import { baseUrl, cleanTab, launch, signIn } from './browser.ts';
import { JWT_SECRET, TOKEN_COOKIE, navEntry, pathOf, tokenCookie, trackPaths } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

function setToken(context: BrowserContext, value: string) {
  return context.addCookies([{ name: TOKEN_COOKIE, value, url: baseUrl(), httpOnly: true, sameSite: 'Lax' }]);
}

/** An HS256 token signed with the secret the e2e server runs with. */
function signToken(claims: Record<string, unknown>, expiresAt: number) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(JWT_SECRET));
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('session guard', () => {
  it('without a token goes to /login with the current path (and query) as returnUrl', async () => {
    const { page } = await cleanTab();
    await page.goto('/locations');
    await page.waitForURL(/\/login/);
    expect(pathOf(page)).toBe('/login');
    expect(new URL(page.url()).search).toBe('?returnUrl=%2Flocations');

    await page.goto('/users?tab=2');
    await page.waitForURL(/\/login/);
    expect(new URL(page.url()).search).toBe(`?returnUrl=${encodeURIComponent('/users?tab=2')}`);
    await page.getByLabel('Email').waitFor();
  });

  it('with an undecodable token removes the cookie and goes through /logout to /login', async () => {
    const { context, page } = await cleanTab();
    await setToken(context, 'garbage.not-a.jwt');
    const paths = trackPaths(page);
    await page.goto('/users');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(paths).toEqual(['/logout', '/login']);
    expect(await tokenCookie(context)).toBeUndefined();
    await page.getByLabel('Email').waitFor();
  });

  it('with an expired token removes the cookie and goes through /logout to /login', async () => {
    const { context, page } = await cleanTab();
    await setToken(context, await signToken({ authenticatedUserId: 'x', accountId: 'y', jti: 'z' }, nowSeconds() - 60));
    const paths = trackPaths(page);
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(paths).toEqual(['/logout', '/login']);
    expect(await tokenCookie(context)).toBeUndefined();
  });

  it('with a token lacking an account id goes to /403', async () => {
    const { context, page } = await cleanTab();
    await setToken(context, await signToken({ authenticatedUserId: 'x' }, nowSeconds() + 3600));
    await page.goto('/users');
    await page.waitForURL((url) => url.pathname === '/403');
    await page.getByRole('heading', { name: 'Access denied' }).waitFor();
  });

  it('a revoked session makes the next API call go through /logout to /login', async () => {
    const { context, page } = await cleanTab();
    await signIn(page, 'owner@demo.test', '/profile');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    // The shell's lazily loaded parts (menu badges) ask the API once they arrive: let them finish
    // first, so the call that meets the revoked session is the one this test makes.
    await page.waitForLoadState('networkidle');
    const token = await tokenCookie(context);
    expect(token).toBeDefined();

    // Revoke the session on the server with the same cookie, then put the (now revoked) token back.
    const res = await context.request.post('/api/auth/logout', { data: {} });
    expect(res.ok()).toBe(true);
    await setToken(context, token!.value);

    const paths = trackPaths(page);
    // The users list is not cached yet, so opening it calls the API, which answers 'Invalid Token'.
    await navEntry(page, 'Settings', 'Users').click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(paths).toEqual(['/users', '/logout', '/login']);
    expect(await tokenCookie(context)).toBeUndefined();
    await page.getByLabel('Email').waitFor();
  });

  it('a session gone from the browser makes loading data end on /login with the return path', async () => {
    const { context, page } = await cleanTab();
    await signIn(page, 'owner@demo.test', '/profile');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    // The menu's entries come with the permissions and the account's add-ons, asked for as the shell
    // loads: the link the test clicks is there, and the shell's first calls are done, before the
    // cookie goes (a call held below could otherwise be the one the menu waits on).
    await navEntry(page, 'Settings', 'Users').waitFor();
    await page.waitForLoadState('networkidle');

    // The browser loses its cookie while the session stays valid on the server (ended there, the
    // live stream's next heartbeat would end the stream and the badges' polls could meet the loss
    // before the click below does, on a loaded machine): the app now has no session at all.
    await context.clearCookies({ name: TOKEN_COOKIE });
    expect(await tokenCookie(context)).toBeUndefined();
    // The shell also calls the API on its own (the menu's lazily loaded badges, a poll, a refetch on
    // focus). On a loaded machine one of those met the missing cookie first and took the app to
    // /login from /profile, so the Users link was gone before the click: while the page is still on
    // /profile, every call but the users list is held unanswered, and the call that meets the loss is
    // the one the click makes.
    await page.route(
      (url) => url.pathname.startsWith('/api/'),
      (route) => {
        const held = pathOf(page) === '/profile' && new URL(route.request().url()).pathname !== listUsers.path;
        return held ? undefined : route.continue();
      },
    );

    await navEntry(page, 'Settings', 'Users').click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).search).toBe('?returnUrl=%2Fusers');
    await page.getByLabel('Email').waitFor();
  });
});
