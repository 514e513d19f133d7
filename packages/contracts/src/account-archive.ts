import { z } from 'zod';
import { anyOf, operation } from './operation.js';
import { IdParams } from './rules.js';

/**
 * The account archive (issue 36): the practice's whole data, one CSV per kind of record plus the
 * stored documents' files, made in the background and kept for ARCHIVE_DAYS (decisions 0272–0275).
 */
export const ARCHIVE_DAYS = 7;

export const ACCOUNT_ARCHIVE_STATUSES = ['preparing', 'ready', 'failed', 'expired'] as const;
export type AccountArchiveStatus = (typeof ACCOUNT_ARCHIVE_STATUSES)[number];

export const AccountArchive = z.object({
  id: z.string(),
  status: z.enum(ACCOUNT_ARCHIVE_STATUSES),
  /** rows written and files added so far, of `total` (0 of 0 until the work begins) */
  done: z.number().int(),
  total: z.number().int(),
  requestedByName: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** when a ready archive's file is removed */
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** why a failed one failed, in words for the person */
  error: z.string().nullable(),
});
export type AccountArchive = z.infer<typeof AccountArchive>;

export const ACCOUNT_ARCHIVE_MESSAGES = {
  notFound: 'Export not found',
  expired: 'This export has expired: its file was removed 7 days after it was made. Start a new export.',
  notReady: 'This export is still being prepared.',
  failed: 'This export could not be made. Start a new export.',
  failedReason: 'The export could not be finished. Please start a new one.',
} as const;

const manage = anyOf('account.manage');

export const startAccountArchive = operation({
  method: 'POST',
  path: '/api/accountArchive',
  access: manage,
  tag: 'account-archive',
  summary: "Start an archive of the account's data; while one is being prepared, that one is answered",
  response: AccountArchive,
  status: 202,
});
export const listAccountArchives = operation({
  method: 'GET',
  path: '/api/accountArchive',
  access: manage,
  tag: 'account-archive',
  summary: "The account's archives, newest first, with their progress",
  response: z.array(AccountArchive),
});
export const getAccountArchive = operation({
  method: 'GET',
  path: '/api/accountArchive/{id}',
  access: manage,
  tag: 'account-archive',
  summary: 'One archive and its progress',
  params: IdParams,
  response: AccountArchive,
});
export const downloadAccountArchive = operation({
  method: 'GET',
  path: '/api/accountArchive/{id}/download',
  access: manage,
  tag: 'account-archive',
  summary: 'The zip itself, streamed; 410 once expired',
  params: IdParams,
  response: z.unknown(),
});
export const deleteAccountArchive = operation({
  method: 'DELETE',
  path: '/api/accountArchive/{id}',
  access: manage,
  tag: 'account-archive',
  summary: 'Remove an archive and its file (one being prepared is stopped)',
  params: IdParams,
  response: z.object({ ok: z.literal(true) }),
});
