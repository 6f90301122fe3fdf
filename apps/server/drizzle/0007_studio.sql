CREATE TABLE "studio_candidates" (
	"job_id" uuid NOT NULL,
	"id" text NOT NULL,
	"uri" text NOT NULL,
	"duration_seconds" real NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studio_candidates_job_id_id_pk" PRIMARY KEY("job_id","id")
);
--> statement-breakpoint
CREATE TABLE "studio_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" uuid NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"generation_id" uuid NOT NULL,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"error" text,
	"prompt" text NOT NULL,
	"fps" integer NOT NULL,
	"aspect" text NOT NULL,
	"duration_seconds" integer NOT NULL,
	"seed" integer NOT NULL,
	"voice_id" text,
	"subject_refs" jsonb NOT NULL,
	"style_ref" text,
	"selected_candidate_id" text,
	"video_uri" text,
	"voiceover_uri" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studio_jobs_status_check" CHECK ("status" in ('CREATED', 'CANDIDATES_GENERATING', 'CANDIDATES_READY', 'VIDEO_READY', 'VOICEOVER_READY', 'LIPSYNC_GENERATING', 'LIPSYNC_READY', 'COMPLETE', 'FAILED', 'completed', 'lipsync_complete'))
);
--> statement-breakpoint
CREATE TABLE "studio_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" text,
	"request" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"output_uri" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studio_steps_type_check" CHECK ("type" in ('candidates', 'select', 'extend', 'voiceover', 'lipsync', 'export'))
);
--> statement-breakpoint
ALTER TABLE "studio_candidates" ADD CONSTRAINT "studio_candidates_job_id_studio_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."studio_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_events" ADD CONSTRAINT "studio_events_job_id_studio_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."studio_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_jobs" ADD CONSTRAINT "studio_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_jobs" ADD CONSTRAINT "studio_jobs_generation_id_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."generations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_steps" ADD CONSTRAINT "studio_steps_job_id_studio_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."studio_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "studio_events_job_idx" ON "studio_events" USING btree ("job_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "studio_jobs_generation_idx" ON "studio_jobs" USING btree ("generation_id");--> statement-breakpoint
CREATE INDEX "studio_jobs_user_created_idx" ON "studio_jobs" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "studio_steps_idempotency_idx" ON "studio_steps" USING btree ("job_id","type","idempotency_key") WHERE "studio_steps"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "studio_steps_job_idx" ON "studio_steps" USING btree ("job_id","created_at");