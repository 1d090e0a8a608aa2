CREATE TABLE "simulator_charges" (
	"reference" text PRIMARY KEY NOT NULL,
	"approved" boolean NOT NULL,
	"transaction_id" text NOT NULL,
	"brand" text,
	"last4" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
