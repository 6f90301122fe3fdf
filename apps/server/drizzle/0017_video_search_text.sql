ALTER TABLE "videos" ADD COLUMN "search_text" text;--> statement-breakpoint
-- Videos made before this column: the prompt their generation kept, then a storyboard's own words.
UPDATE "videos" AS v SET "search_text" = g."input"->>'prompt' FROM "generations" AS g WHERE g."video_id" = v."id" AND jsonb_typeof(g."input"->'prompt') = 'string';--> statement-breakpoint
UPDATE "videos" AS v SET "search_text" = concat_ws(' ', s."prompt", s."content"->>'title', (SELECT string_agg(concat_ws(' ', scene->>'narration', scene->'visual'->>'prompt'), ' ') FROM jsonb_array_elements(s."content"->'scenes') AS scene)) FROM "storyboards" AS s WHERE s."id" = v."storyboard_id";
