-- A view record carries its message's time, so a viewer's read messages are one index walk in the
-- message centre's order (newest first); existing records take it from their message.
ALTER TABLE "view_record" ADD COLUMN "message_time" timestamp with time zone;--> statement-breakpoint
UPDATE "view_record" SET "message_time" = m."create_time" FROM "message_center" m WHERE m."id" = "view_record"."message_id";--> statement-breakpoint
DELETE FROM "view_record" WHERE "message_time" IS NULL;--> statement-breakpoint
ALTER TABLE "view_record" ALTER COLUMN "message_time" SET NOT NULL;--> statement-breakpoint
DROP INDEX "view_record_user_idx";--> statement-breakpoint
CREATE INDEX "view_record_user_time_idx" ON "view_record" USING btree ("user_id","message_time" DESC NULLS LAST,"message_id" DESC NULLS LAST);
