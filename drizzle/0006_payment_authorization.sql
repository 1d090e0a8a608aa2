-- Pay only if approved (issue 11, ADR 0010): the card is authorized at payment and captured
-- on approval. Charges made before this were taken at once: they become captured.
DROP INDEX "payments_one_live_key";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "captured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "pending_action" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "pending_action_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "simulator_charges" ADD COLUMN "status" text DEFAULT 'authorized' NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD COLUMN "removal_reason" text;--> statement-breakpoint
UPDATE "payments" SET "status" = 'captured', "captured_at" = coalesce("completed_at", "created_at") WHERE "status" = 'succeeded';--> statement-breakpoint
UPDATE "applications" SET "payment_status" = 'captured' WHERE "payment_status" = 'paid';--> statement-breakpoint
UPDATE "simulator_charges" SET "status" = CASE WHEN "approved" THEN 'captured' ELSE 'declined' END;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_live_key" ON "payments" USING btree ("application_id") WHERE "payments"."status" in ('pending', 'authorized', 'captured');
