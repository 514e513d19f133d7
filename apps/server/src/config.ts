import { resolve } from 'node:path';
import { parseAllowedOrigins } from './platform/origin-check.js';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  seedDemo: boolean;
  logLevel: string;
  /** serve the built web app from this folder when it exists */
  webDist: string;
  /** behind HTTPS the cookie gets Secure */
  trustProxy: boolean;
  /** origins besides the request's own host whose pages may write (decision 0053) */
  allowedOrigins: string[];
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['false', '0', 'no', 'off'].includes(value.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    seedDemo: bool(env.SEED_DEMO, true),
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    trustProxy: bool(env.TRUST_PROXY, false),
    allowedOrigins: parseAllowedOrigins(env.ALLOWED_ORIGINS),
  };
}
