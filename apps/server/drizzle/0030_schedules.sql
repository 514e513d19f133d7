CREATE TABLE "schedules" (
	"key" text PRIMARY KEY NOT NULL,
	"job" text NOT NULL,
	"pattern" text NOT NULL,
	"time_zone" text NOT NULL,
	"next_due_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "schedules_due" ON "schedules" USING btree ("next_due_at");