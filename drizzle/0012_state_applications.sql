CREATE TABLE "patient_licenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"license_number" text NOT NULL,
	"issued_on" date,
	"expires_on" date NOT NULL,
	"source" text NOT NULL,
	"state_application_id" uuid,
	"reminders_sent" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "state_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'preparing' NOT NULL,
	"signed_on" date NOT NULL,
	"submit_by" date NOT NULL,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"omma_application_number" text,
	"submitted_on" date,
	"state_fee_reference" text,
	"rejection_reason" text,
	"documents_needed" jsonb,
	"rejected_on" date,
	"resubmit_by" date,
	"card_mailed_on" date,
	"state_fee_cents" integer DEFAULT 0 NOT NULL,
	"state_fee_status" text DEFAULT 'none' NOT NULL,
	"state_fee_refunded_at" timestamp with time zone,
	"reminders_sent" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "state_application_mode" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "state_application_authorized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "state_application_authorization_text" text;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "homebound" boolean;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "state_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "office_address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "licensing_board" text;--> statement-breakpoint
ALTER TABLE "patient_licenses" ADD CONSTRAINT "patient_licenses_patient_id_patient_profiles_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_licenses" ADD CONSTRAINT "patient_licenses_state_application_id_state_applications_id_fk" FOREIGN KEY ("state_application_id") REFERENCES "public"."state_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "state_applications" ADD CONSTRAINT "state_applications_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "state_applications" ADD CONSTRAINT "state_applications_patient_id_patient_profiles_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "state_applications" ADD CONSTRAINT "state_applications_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "patient_licenses_patient_key" ON "patient_licenses" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "patient_licenses_expires_idx" ON "patient_licenses" USING btree ("expires_on");--> statement-breakpoint
CREATE UNIQUE INDEX "state_applications_application_key" ON "state_applications" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "state_applications_patient_idx" ON "state_applications" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "state_applications_status_idx" ON "state_applications" USING btree ("status","submit_by");--> statement-breakpoint
-- Existing data (issue 22). Every application paid so far was charged the state fee with the
-- visit: it is a clinic_submits application. The state fee part of each payment is what the
-- schedule in force now leaves after the service fee (the schedule of the day is not kept).
UPDATE "applications" SET "state_application_mode" = 'clinic_submits' WHERE "payment_status" <> 'unpaid';--> statement-breakpoint
UPDATE "payments" AS p SET "state_fee_cents" = GREATEST(0, p."amount_cents" - COALESCE(
  (fs."schedule" -> a."type" -> (CASE WHEN a."has_reduced_fee" THEN 'reduced' ELSE 'standard' END) ->> 'serviceFeeCents')::integer,
  CASE WHEN a."has_reduced_fee" THEN 1000 ELSE 3300 END))
FROM "applications" AS a LEFT JOIN "fee_schedule" AS fs ON fs."id" = 1
WHERE a."id" = p."application_id";--> statement-breakpoint
-- Patients approved and still inside their 30-day window reach the desk in `preparing`.
INSERT INTO "state_applications" ("application_id", "patient_id", "mode", "status", "signed_on", "submit_by", "state_fee_cents", "state_fee_status")
SELECT a."id", a."patient_id", 'clinic_submits', 'preparing',
  (a."approved_at" AT TIME ZONE 'America/Chicago')::date,
  (a."approved_at" AT TIME ZONE 'America/Chicago')::date + 30,
  COALESCE(p."state_fee_cents", 0),
  CASE WHEN COALESCE(p."state_fee_cents", 0) > 0 THEN 'held' ELSE 'none' END
FROM "applications" AS a
LEFT JOIN "payments" AS p ON p."application_id" = a."id" AND p."status" IN ('authorized', 'captured')
WHERE a."status" = 'approved' AND a."approved_at" IS NOT NULL
  AND (a."approved_at" AT TIME ZONE 'America/Chicago')::date + 30 >= (now() AT TIME ZONE 'America/Chicago')::date
ON CONFLICT DO NOTHING;
