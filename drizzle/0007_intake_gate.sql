-- Issue 11, intake before the queue: the dispensary statement is kept with the queue entry it
-- was made for, and the wizard's draft lives on the server (no PHI in browser storage).
CREATE TABLE "application_drafts" (
	"patient_id" uuid PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "queue_entries" ADD COLUMN "dispensary_statement" text;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD COLUMN "dispensary_statement_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_drafts" ADD CONSTRAINT "application_drafts_patient_id_patient_profiles_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient_profiles"("id") ON DELETE cascade ON UPDATE no action;