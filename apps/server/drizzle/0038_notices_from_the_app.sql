-- The session and outbox notices are sent by the app in the transaction of the change (decision
-- 0247): Citus refuses to distribute a table that has triggers, and accounts, users, roles, their
-- holders, sessions and both outboxes had them. NOTIFY from the app is delivered the same way, when
-- the transaction commits, on the database the app servers listen to.
DROP TRIGGER IF EXISTS sessions_notice ON sessions;--> statement-breakpoint
DROP TRIGGER IF EXISTS users_notice ON users;--> statement-breakpoint
DROP TRIGGER IF EXISTS user_roles_notice ON user_roles;--> statement-breakpoint
DROP TRIGGER IF EXISTS user_system_roles_notice ON user_system_roles;--> statement-breakpoint
DROP TRIGGER IF EXISTS roles_notice ON roles;--> statement-breakpoint
DROP TRIGGER IF EXISTS system_roles_notice ON system_roles;--> statement-breakpoint
DROP TRIGGER IF EXISTS accounts_notice ON accounts;--> statement-breakpoint
DROP FUNCTION IF EXISTS willow_session_notice();--> statement-breakpoint
DROP TRIGGER IF EXISTS outbox_messages_notice ON outbox_messages;--> statement-breakpoint
DROP TRIGGER IF EXISTS product_messages_notice ON product_messages;--> statement-breakpoint
DROP FUNCTION IF EXISTS willow_outbox_notice();
