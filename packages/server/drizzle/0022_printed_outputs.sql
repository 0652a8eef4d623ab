-- What the product prints and sends out: SSCCs handed out per GS1 company prefix (never twice, never past
-- 18 digits), and English forms of a company's name and a batch's destination for English documents.
CREATE TABLE "sscc_serial" (
	"company_prefix" varchar(12) PRIMARY KEY NOT NULL,
	"next_serial" bigint DEFAULT 0 NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_batch" ADD COLUMN "destination_site_en" varchar(200);--> statement-breakpoint
ALTER TABLE "enterprise_info" ADD COLUMN "corporate_en_name" varchar(200);--> statement-breakpoint
CREATE UNIQUE INDEX "box_piece_sscc_uq" ON "box_piece" USING btree ("sscc") WHERE "box_piece"."sscc" is not null;