CREATE TABLE "slide_decks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"format" text NOT NULL,
	"source_key" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"slides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slide_decks_format_check" CHECK ("format" in ('pdf', 'pptx')),
	CONSTRAINT "slide_decks_status_check" CHECK ("status" in ('processing', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "videos" DROP CONSTRAINT "videos_project_type_check";--> statement-breakpoint
ALTER TABLE "slide_decks" ADD CONSTRAINT "slide_decks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slide_decks_user_created_idx" ON "slide_decks" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_project_type_check" CHECK ("project_type" in ('text-to-video', 'image-to-video', 'ai-studio', 'slides', 'chat-to-video', 'avatar-presenter'));