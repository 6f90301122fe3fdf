CREATE TABLE "image_video_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"prompt" text NOT NULL,
	"model_platform" text NOT NULL,
	"settings" jsonb NOT NULL,
	"seed" integer NOT NULL,
	"image_uris" jsonb NOT NULL,
	"last_frame_uri" text,
	"voice_sample_uri" text,
	"status" text DEFAULT 'processing' NOT NULL,
	"current_stage" text DEFAULT 'file_processing' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"stage_progress" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"video_id" uuid,
	"reservation_id" text,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "image_video_sessions_status_check" CHECK ("status" in ('processing', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "text_video_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"prompt" text NOT NULL,
	"duration_seconds" integer NOT NULL,
	"seed" integer NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"stage" text DEFAULT 'file_processing' NOT NULL,
	"video_id" uuid,
	"reservation_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "text_video_sessions_status_check" CHECK ("status" in ('processing', 'completed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "image_video_sessions" ADD CONSTRAINT "image_video_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_video_sessions" ADD CONSTRAINT "image_video_sessions_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_video_sessions" ADD CONSTRAINT "text_video_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_video_sessions" ADD CONSTRAINT "text_video_sessions_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_video_sessions_user_created_idx" ON "image_video_sessions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "text_video_sessions_user_session_idx" ON "text_video_sessions" USING btree ("user_id","session_id");--> statement-breakpoint
CREATE INDEX "text_video_sessions_user_created_idx" ON "text_video_sessions" USING btree ("user_id","created_at" DESC NULLS LAST);