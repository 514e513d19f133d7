import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { anonymous, createAccount, createTestApp, errorOf, type TestAccount, type TestContext } from '../../../test/harness.js';
import { loadConfig } from '../../config.js';
import { NO_OUTBOUND, parseOutboundSettings } from './client-config.settings.js';

describe('the outbound settings from the environment', () => {
  it('are all off when nothing is set', () => {
    expect(parseOutboundSettings({})).toEqual(NO_OUTBOUND);
    expect(loadConfig({}).outbound).toEqual(NO_OUTBOUND);
  });

  it('take the help widget in region us unless another is named, with Intercom’s script', () => {
    expect(parseOutboundSettings({ HELP_WIDGET_APP_ID: 'abc123' }).helpWidget).toEqual({
      appId: 'abc123',
      region: 'us',
      identitySecret: undefined,
      scriptOrigin: 'https://widget.intercom.io',
    });
    expect(parseOutboundSettings({ HELP_WIDGET_APP_ID: 'abc123', HELP_WIDGET_REGION: 'EU' }).helpWidget?.region).toBe('eu');
    expect(parseOutboundSettings({ HELP_WIDGET_APP_ID: 'abc123', HELP_WIDGET_REGION: 'ap' }).helpWidget?.region).toBe('ap');
    expect(parseOutboundSettings({ HELP_WIDGET_APP_ID: 'abc123', HELP_WIDGET_SCRIPT_ORIGIN: 'http://127.0.0.1:4010' }).helpWidget?.scriptOrigin).toBe(
      'http://127.0.0.1:4010',
    );
  });

  it('refuse to start on a wrong region, an application id that is not one, or a script origin with a path', () => {
    expect(() => loadConfig({ HELP_WIDGET_REGION: 'asia' })).toThrow('HELP_WIDGET_REGION must be one of us, eu, ap (default us), not asia');
    expect(() => parseOutboundSettings({ HELP_WIDGET_APP_ID: 'abc/../x' })).toThrow(/HELP_WIDGET_APP_ID must be letters and digits/);
    expect(() => parseOutboundSettings({ HELP_WIDGET_APP_ID: 'abc', HELP_WIDGET_SCRIPT_ORIGIN: 'https://cdn.example/x' })).toThrow(
      /HELP_WIDGET_SCRIPT_ORIGIN must be an http\(s\) origin/,
    );
  });

  it('take the documentation link as an http(s) address only', () => {
    expect(parseOutboundSettings({ HELP_CENTER_URL: 'https://docs.example/help' }).helpCenterUrl).toBe('https://docs.example/help');
    expect(() => parseOutboundSettings({ HELP_CENTER_URL: 'javascript:alert(1)' })).toThrow(/HELP_CENTER_URL must be an http\(s\) address/);
  });

  it('turn analytics on with a host and a project key, finding PostHog Cloud’s assets host', () => {
    expect(parseOutboundSettings({ ANALYTICS_HOST: 'https://us.i.posthog.com', ANALYTICS_KEY: 'phc_x' }).analytics).toEqual({
      host: 'https://us.i.posthog.com',
      assetsHost: 'https://us-assets.i.posthog.com',
      projectKey: 'phc_x',
    });
    expect(parseOutboundSettings({ ANALYTICS_HOST: 'https://eu.i.posthog.com/', ANALYTICS_KEY: 'phc_x' }).analytics?.assetsHost).toBe(
      'https://eu-assets.i.posthog.com',
    );
    // a self-hosted instance serves its own static files unless told otherwise
    expect(parseOutboundSettings({ ANALYTICS_HOST: 'https://ph.example', ANALYTICS_KEY: 'k' }).analytics?.assetsHost).toBe('https://ph.example');
    expect(
      parseOutboundSettings({ ANALYTICS_HOST: 'https://ph.example', ANALYTICS_ASSETS_HOST: 'https://cdn.example', ANALYTICS_KEY: 'k' }).analytics?.assetsHost,
    ).toBe('https://cdn.example');
  });

  it('refuse analytics half set up or aimed at more than an origin', () => {
    expect(() => parseOutboundSettings({ ANALYTICS_HOST: 'https://us.i.posthog.com' })).toThrow('ANALYTICS_KEY (the project key) must be set with ANALYTICS_HOST');
    expect(() => parseOutboundSettings({ ANALYTICS_KEY: 'phc_x' })).toThrow(/ANALYTICS_HOST is not/);
    for (const host of ['https://us.i.posthog.com/capture', 'ftp://ph.example', 'https://user:pw@ph.example', 'us.i.posthog.com']) {
      expect(() => parseOutboundSettings({ ANALYTICS_HOST: host, ANALYTICS_KEY: 'k' }), host).toThrow(/ANALYTICS_HOST must be an http\(s\) origin/);
    }
  });
});

describe('GET /api/config/client', () => {
  let bare: TestContext;
  let configured: TestContext;
  let practice: TestAccount;
  let other: TestAccount;
  const SECRET = 'identity-verification-secret';

  beforeAll(async () => {
    bare = await createTestApp();
    configured = await createTestApp({
      outbound: parseOutboundSettings({
        HELP_WIDGET_APP_ID: 'wk5x9abc',
        HELP_WIDGET_REGION: 'eu',
        HELP_WIDGET_IDENTITY_SECRET: SECRET,
        HELP_CENTER_URL: 'https://docs.example/willow',
        ANALYTICS_HOST: 'https://eu.i.posthog.com',
        ANALYTICS_KEY: 'phc_project',
      }),
    });
    practice = await createAccount(configured);
    other = await createAccount(bare);
  });
  afterAll(async () => {
    await bare?.close();
    await configured?.close();
  });

  it('needs a session', async () => {
    const res = await anonymous(configured).call(api.getClientConfig);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toBeTruthy();
  });

  it('says nothing is configured when nothing is', async () => {
    const res = await other.admin.call(api.getClientConfig);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ helpWidget: null, helpCenterUrl: null, analytics: null });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('gives the widget its region’s API and script, and the signed-in user with the hash computed here', async () => {
    const profile = (await practice.admin.call(api.getProfile)).json() as api.Profile;
    const res = await practice.admin.call(api.getClientConfig);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      helpWidget: {
        appId: 'wk5x9abc',
        region: 'eu',
        apiBase: 'https://api-iam.eu.intercom.io',
        scriptUrl: 'https://widget.intercom.io/widget/wk5x9abc',
        user: {
          id: profile.id,
          name: `${profile.firstName} ${profile.lastName}`,
          email: profile.email,
          userHash: createHmac('sha256', SECRET).update(profile.id).digest('hex'),
        },
      },
      helpCenterUrl: 'https://docs.example/willow',
      analytics: { projectKey: 'phc_project', path: '/ph', distinctId: profile.id },
    });
    // the secret itself never leaves the server
    expect(res.body).not.toContain(SECRET);
  });
});
