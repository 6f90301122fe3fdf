CREATE TABLE "feedback_questions" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"question" text NOT NULL,
	"description" text,
	"placeholder" text,
	"required" boolean DEFAULT false NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_questions_type_check" CHECK ("type" in ('text', 'checkbox', 'radio'))
);
--> statement-breakpoint
CREATE TABLE "feedback_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reported_user_id" text NOT NULL,
	"user_id" uuid,
	"answers" jsonb NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"link" text,
	"video_id" text,
	"session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_status_check" CHECK ("status" in ('pending', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"project_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"video_uri" text,
	"thumbnail_uri" text,
	"duration_seconds" real,
	"width" integer,
	"height" integer,
	"size_bytes" bigint,
	"session_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "videos_status_check" CHECK ("status" in ('completed', 'processing', 'failed', 'pending')),
	CONSTRAINT "videos_project_type_check" CHECK ("project_type" in ('text-to-video', 'image-to-video', 'ai-studio', 'ppt-to-video', 'chat-to-video'))
);
--> statement-breakpoint
ALTER TABLE "feedback_submissions" ADD CONSTRAINT "feedback_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_submissions_created_idx" ON "feedback_submissions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "feedback_submissions_user_idx" ON "feedback_submissions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_session_idx" ON "notifications" USING btree ("user_id","session_id") WHERE "notifications"."session_id" is not null;--> statement-breakpoint
CREATE INDEX "videos_user_created_idx" ON "videos" USING btree ("user_id","created_at" DESC NULLS LAST) WHERE "videos"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "videos_session_idx" ON "videos" USING btree ("session_id") WHERE "videos"."session_id" is not null;--> statement-breakpoint
-- The default feedback form (spec 000 section 2.9). Ids are stable: stored answers are keyed by them.
INSERT INTO "feedback_questions" ("id", "type", "question", "description", "placeholder", "required", "options", "position") VALUES
	('overall_satisfaction', 'radio', 'How satisfied are you with the product overall?', NULL, NULL, true, '[{"value":"very_satisfied","label":"Very satisfied"},{"value":"satisfied","label":"Satisfied"},{"value":"neutral","label":"Neutral"},{"value":"dissatisfied","label":"Dissatisfied"},{"value":"very_dissatisfied","label":"Very dissatisfied"}]'::jsonb, 1),
	('features_used', 'checkbox', 'Which features have you used?', 'Select all that apply.', NULL, true, '[{"value":"text_to_video","label":"Text to Video"},{"value":"image_to_video","label":"Image to Video"},{"value":"ai_studio","label":"AI Studio"},{"value":"ppt_to_video","label":"Slides to Video"},{"value":"chat_assistant","label":"Chat assistant"},{"value":"image_library","label":"Image library"},{"value":"avatars","label":"Avatars"},{"value":"voice_cloning","label":"Voice cloning"}]'::jsonb, 2),
	('video_quality', 'radio', 'How would you rate the quality of your videos?', NULL, NULL, false, '[{"value":"excellent","label":"Excellent"},{"value":"good","label":"Good"},{"value":"fair","label":"Fair"},{"value":"poor","label":"Poor"}]'::jsonb, 3),
	('ease_of_use', 'radio', 'How easy was it to create a video?', NULL, NULL, false, '[{"value":"very_easy","label":"Very easy"},{"value":"easy","label":"Easy"},{"value":"difficult","label":"Difficult"},{"value":"very_difficult","label":"Very difficult"}]'::jsonb, 4),
	('improvements', 'text', 'What should we improve?', 'Missing features, rough edges, anything that got in your way.', 'Tell us what would make the product more useful to you', false, '[]'::jsonb, 5),
	('recommend', 'radio', 'How likely are you to recommend us to a friend or colleague?', NULL, NULL, false, '[{"value":"very_likely","label":"Very likely"},{"value":"likely","label":"Likely"},{"value":"not_sure","label":"Not sure"},{"value":"unlikely","label":"Unlikely"},{"value":"very_unlikely","label":"Very unlikely"}]'::jsonb, 6),
	('contact_permission', 'radio', 'May we contact you about your feedback?', NULL, NULL, true, '[{"value":"yes","label":"Yes, you may contact me"},{"value":"no","label":"No, thank you"}]'::jsonb, 7),
	('other_comments', 'text', 'Anything else you would like to tell us?', NULL, 'Your comments', false, '[]'::jsonb, 8)
ON CONFLICT ("id") DO NOTHING;
