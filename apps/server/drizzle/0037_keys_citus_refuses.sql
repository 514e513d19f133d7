-- Keys a database distributed by account refuses (decision 0248): the email directory (a reference
-- table) cannot reference accounts (distributed), nor a session (on its home account's shard) the
-- account it works in (another shard). The users repository keeps the directory with the user; a
-- session whose working account is gone is refused by its lookup, which joins that account.
ALTER TABLE "user_emails" DROP CONSTRAINT "user_emails_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_working_account_id_fk";
