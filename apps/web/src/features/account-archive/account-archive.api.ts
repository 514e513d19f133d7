import { useQuery } from '@tanstack/react-query';
import { buildPath, deleteAccountArchive, downloadAccountArchive, listAccountArchives, startAccountArchive } from '@willow/contracts';
import type { AccountArchive } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { mutationOf } from '../../lib/mutation-of';

export const accountArchiveKeys = {
  all: ['accountArchives'] as const,
  list: () => ['accountArchives', 'list'] as const,
};

/** How often the list is read again while an archive is being prepared: the progress bar moves. */
const PROGRESS_POLL_MS = 1_500;

export function useAccountArchives() {
  return useQuery({
    queryKey: accountArchiveKeys.list(),
    queryFn: ({ signal }) => api(listAccountArchives, { signal }),
    refetchInterval: (query) => ((query.state.data as AccountArchive[] | undefined)?.some((a) => a.status === 'preparing') ? PROGRESS_POLL_MS : false),
  });
}

export const useStartAccountArchive = mutationOf(startAccountArchive, { request: (_: void) => ({}), invalidates: [accountArchiveKeys.all] });

export const useDeleteAccountArchive = mutationOf(deleteAccountArchive, {
  request: (id: string) => ({ params: { id } }),
  invalidates: [accountArchiveKeys.all],
});

/** The authorised download route: the session's cookie rides along, the browser saves the zip. */
export const archiveDownloadUrl = (id: string) => buildPath(downloadAccountArchive.path, { id });
