-- A claim is its attempt's only for a lease (ADR 004, addendum); claims left by a crash before this expire at once.
ALTER TABLE "idempotent_responses" ADD COLUMN "claim_token" uuid;--> statement-breakpoint
ALTER TABLE "idempotent_responses" ADD COLUMN "lease_expires_at" timestamp with time zone DEFAULT now() NOT NULL;
