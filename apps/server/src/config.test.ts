import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from './config.js';

describe('TRUST_PROXY', () => {
  it('is off unless set', () => {
    for (const value of [undefined, '', 'false', 'FALSE', '0', 'no', 'off']) expect(parseTrustProxy(value), String(value)).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('true means the one proxy in front (one hop), never every hop', () => {
    for (const value of ['true', 'TRUE', 'yes', 'on', '1']) expect(parseTrustProxy(value), value).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
  });

  it('takes a number of hops', () => {
    expect(parseTrustProxy('2')).toBe(2);
    expect(() => parseTrustProxy('11')).toThrow(/at most 10 hops/);
  });

  it('takes the proxies’ addresses and CIDR ranges, IPv4 and IPv6, and the names loopback, linklocal and uniquelocal', () => {
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16 ,fd00::/8,::1,loopback')).toEqual(['10.0.0.1', '10.1.0.0/16', 'fd00::/8', '::1', 'loopback']);
  });

  it('refuses anything else, so a typo cannot quietly trust nobody or everybody', () => {
    for (const value of ['maybe', '10.0.0.0/33', '10.0.0.1/abc', '300.1.1.1', '10.0.0.1, nonsense', '-1', '1.5']) {
      expect(() => parseTrustProxy(value), value).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('OUTBOUND_ALLOWED_NETWORKS', () => {
  it('allows no private network unless set, and stops the server at start on anything it does not understand', () => {
    expect(loadConfig({}).outboundAllowedNetworks).toEqual([]);
    expect(loadConfig({ OUTBOUND_ALLOWED_NETWORKS: 'loopback,192.168.10.5' }).outboundAllowedNetworks).toEqual(['loopback', '192.168.10.5']);
    expect(() => loadConfig({ OUTBOUND_ALLOWED_NETWORKS: 'all' })).toThrow(/OUTBOUND_ALLOWED_NETWORKS/);
  });
});

describe('the portal’s own mail', () => {
  it('is off unless SMTP_URL or SENDGRID_API_KEY is set', () => {
    expect(loadConfig({}).mail).toEqual({ smtpUrl: undefined, sendgridApiKey: undefined, from: undefined });
  });

  it('takes an smtp:// or smtps:// address with nodemailer’s options, a SendGrid key and the sender', () => {
    const mail = loadConfig({ SMTP_URL: 'smtps://user:p%40ss@mail.example.com:465?tls.rejectUnauthorized=false', SENDGRID_API_KEY: 'SG.key', MAIL_FROM: 'Clinic <no-reply@clinic.example>' }).mail;
    expect(mail).toEqual({ smtpUrl: 'smtps://user:p%40ss@mail.example.com:465?tls.rejectUnauthorized=false', sendgridApiKey: 'SG.key', from: 'Clinic <no-reply@clinic.example>' });
  });

  it('refuses to start with an address that is not SMTP, or a key that is not SendGrid’s', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL must start with smtp:\/\/ or smtps:\/\//);
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL must be an address/);
    expect(() => loadConfig({ SENDGRID_API_KEY: 'key' })).toThrow(/SENDGRID_API_KEY must start with SG\./);
  });
});

describe('the product’s Google sign-in client', () => {
  it('is off unless set, and takes GOOGLE_CLIENT_ID with GOOGLE_CLIENT_SECRET', () => {
    expect(loadConfig({}).googleClient).toBeUndefined();
    expect(loadConfig({ GOOGLE_CLIENT_ID: ' id.apps.googleusercontent.com ', GOOGLE_CLIENT_SECRET: 'secret' }).googleClient).toEqual({
      clientId: 'id.apps.googleusercontent.com',
      clientSecret: 'secret',
    });
  });

  it('refuses to start with one of the pair alone', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' })).toThrow(/GOOGLE_CLIENT_ID is set without GOOGLE_CLIENT_SECRET/);
    expect(() => loadConfig({ GOOGLE_CLIENT_SECRET: 'secret' })).toThrow(/GOOGLE_CLIENT_SECRET is set without GOOGLE_CLIENT_ID/);
  });
});
