ALTER TABLE "subscription_plans" ADD COLUMN "storage_mb" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "voice_clones" ADD COLUMN "sample_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "avatars" ADD COLUMN "image_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "slide_decks" ADD COLUMN "source_bytes" bigint DEFAULT 0 NOT NULL;