CREATE TABLE "generations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"session_id" text NOT NULL,
	"video_id" uuid NOT NULL,
	"reservation_id" text,
	"input" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "stage" text DEFAULT 'file_processing' NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "stage_progress" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
-- Carry the text and image sessions over: each becomes a generation, its progress moves to its video.
INSERT INTO "generations" ("id", "user_id", "kind", "session_id", "video_id", "reservation_id", "input", "created_at")
SELECT "id", "user_id", 'text-to-video', "session_id", "video_id", "reservation_id",
  jsonb_build_object('prompt', "prompt", 'durationSeconds', "duration_seconds", 'seed', "seed"), "created_at"
FROM "text_video_sessions" WHERE "video_id" IS NOT NULL ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "generations" ("id", "user_id", "kind", "session_id", "video_id", "reservation_id", "input", "created_at")
SELECT "id", "user_id", 'image-to-video', "id"::text, "video_id", "reservation_id",
  jsonb_build_object('prompt', "prompt", 'modelPlatform', "model_platform", 'settings', "settings", 'seed', "seed",
    'imageUris', "image_uris", 'lastFrameUri', "last_frame_uri", 'voiceSampleUri', "voice_sample_uri"), "created_at"
FROM "image_video_sessions" WHERE "video_id" IS NOT NULL ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "videos" SET "progress" = s."progress", "stage" = s."stage", "completed_at" = s."completed_at"
FROM "text_video_sessions" s WHERE s."video_id" = "videos"."id";--> statement-breakpoint
UPDATE "videos" SET "progress" = s."progress", "stage" = s."current_stage", "stage_progress" = s."stage_progress",
  "completed_at" = s."completed_at"
FROM "image_video_sessions" s WHERE s."video_id" = "videos"."id";--> statement-breakpoint
DROP TABLE "image_video_sessions" CASCADE;--> statement-breakpoint
DROP TABLE "text_video_sessions" CASCADE;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "generations_user_session_idx" ON "generations" USING btree ("user_id","session_id");--> statement-breakpoint
CREATE INDEX "generations_user_kind_created_idx" ON "generations" USING btree ("user_id","kind","created_at" DESC NULLS LAST);