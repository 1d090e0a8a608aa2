CREATE TABLE "fee_schedule_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"previous" jsonb NOT NULL,
	"schedule" jsonb NOT NULL,
	"changed_by" uuid NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "identity_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "physician_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "notes_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "omma_registration_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "omma_registration_expires_on" date;--> statement-breakpoint
CREATE INDEX "fee_schedule_changes_at_idx" ON "fee_schedule_changes" USING btree ("changed_at");