-- Line numbers (ADR 0021): entries already in the table are numbered in the order the line was
-- seen until now (joined_at, id); the identity then continues after the highest number.
ALTER TABLE "queue_entries" ADD COLUMN "line_number" integer;--> statement-breakpoint
UPDATE "queue_entries" AS q SET "line_number" = o.n FROM (SELECT "id", row_number() OVER (ORDER BY "joined_at", "id") AS n FROM "queue_entries") AS o WHERE o."id" = q."id";--> statement-breakpoint
ALTER TABLE "queue_entries" ALTER COLUMN "line_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_entries" ALTER COLUMN "line_number" ADD GENERATED ALWAYS AS IDENTITY (sequence name "queue_entries_line_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
SELECT setval('"queue_entries_line_number_seq"', (SELECT coalesce(max("line_number"), 0) + 1 FROM "queue_entries"), false);--> statement-breakpoint
CREATE INDEX "queue_entries_line_idx" ON "queue_entries" USING btree ("status","line_number");
