ALTER TABLE "videos" ADD COLUMN "captions_in_picture" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Storyboard videos made before: their captions are in the picture when the version they were rendered from said so.
UPDATE "videos" AS v SET "captions_in_picture" = true FROM "storyboard_versions" AS sv WHERE sv."storyboard_id" = v."storyboard_id" AND sv."version" = v."storyboard_version" AND v."captions" IS NOT NULL AND (sv."content"->'captions'->>'enabled')::boolean;
