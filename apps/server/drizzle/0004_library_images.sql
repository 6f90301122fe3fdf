CREATE TABLE "library_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"storage_uri" text NOT NULL,
	"public_url" text,
	"original_filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"source" text NOT NULL,
	"metadata" jsonb,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "library_images_source_check" CHECK ("source" in ('image-enhancement', 'ai-studio', 'image-to-video', 'upload'))
);
--> statement-breakpoint
ALTER TABLE "library_images" ADD CONSTRAINT "library_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "library_images_user_uri_idx" ON "library_images" USING btree ("user_id","storage_uri") WHERE "library_images"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "library_images_user_uploaded_idx" ON "library_images" USING btree ("user_id","uploaded_at" DESC NULLS LAST) WHERE "library_images"."deleted_at" is null;