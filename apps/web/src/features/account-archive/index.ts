// What other features use of account-archive: the Account page's "Export all data" card.
export { AccountArchiveCard } from './account-archive-card';
