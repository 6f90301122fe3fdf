CREATE TABLE "storyboard_versions" (
	"storyboard_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storyboard_versions_storyboard_id_version_pk" PRIMARY KEY("storyboard_id","version")
);
--> statement-breakpoint
CREATE TABLE "storyboards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"prompt" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"content" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"seed" integer NOT NULL,
	"video_id" uuid,
	"rendered_video_id" uuid,
	"rendered_version" integer,
	"rendered_scene_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"clip_bytes" bigint DEFAULT 0 NOT NULL,
	"free_rerenders_used" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storyboards_status_check" CHECK ("status" in ('draft', 'rendering', 'rendered'))
);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "storyboard_id" uuid;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "storyboard_version" integer;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "captions" jsonb;--> statement-breakpoint
ALTER TABLE "storyboard_versions" ADD CONSTRAINT "storyboard_versions_storyboard_id_storyboards_id_fk" FOREIGN KEY ("storyboard_id") REFERENCES "public"."storyboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storyboards" ADD CONSTRAINT "storyboards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storyboards_user_idx" ON "storyboards" USING btree ("user_id","updated_at" DESC NULLS LAST);