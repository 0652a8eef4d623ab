DROP INDEX "message_center_user_idx";--> statement-breakpoint
CREATE INDEX "message_center_user_time_idx" ON "message_center" USING btree ("user_id","create_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "message_center_tenant_time_idx" ON "message_center" USING btree ("tenant_id","create_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "message_center"."audience" = 'tenant' and "message_center"."user_id" is null;--> statement-breakpoint
CREATE INDEX "message_center_all_time_idx" ON "message_center" USING btree ("create_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "message_center"."audience" = 'all';--> statement-breakpoint
CREATE INDEX "view_record_user_idx" ON "view_record" USING btree ("user_id","message_id");