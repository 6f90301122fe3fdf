import { z } from 'zod';
import { PROJECTS_PER_PAGE } from '../constants';
import { defineCall } from '../define-call';
import {
  deletedAnswerSchema,
  idParamsSchema,
  isoDateTimeSchema,
  limitQuerySchema,
  offsetQuerySchema,
} from '../shared-schemas';

const TAG = 'videos';

export const videoStatusSchema = z.enum(['completed', 'processing', 'failed', 'pending']);
export type VideoStatus = z.infer<typeof videoStatusSchema>;

/** Values not listed in the spec: ours, one per way of making a video. */
export const projectTypeSchema = z.enum([
  'text-to-video',
  'image-to-video',
  'ai-studio',
  'slides',
  'chat-to-video',
  'avatar-presenter',
]);
export type ProjectType = z.infer<typeof projectTypeSchema>;

export const recentProjectSchema = z.object({
  id: z.string(),
  title: z.string(),
  created_at: isoDateTimeSchema,
  /**
   * A signed URL that downloads under the title; null until the video is ready, and when its file is
   * gone.
   */
  video_url: z.string().nullable(),
  project_type: projectTypeSchema,
  /**
   * Ours (the spec's recent project has no status): lets a dashboard card tell "still processing"
   * from "not available", as the library does (spec 001 section 4).
   */
  status: videoStatusSchema,
  /** Ours: a signed URL of the poster image, null when there is none. */
  thumbnail_url: z.string().nullable(),
  /** Ours (issue 31): the storyboard the video was rendered from; null for videos made before. */
  storyboard_id: z.string().nullable(),
  /** Ours (issue 31): its captions can be read as captions.vtt and captions.srt. */
  has_captions: z.boolean(),
  /**
   * Ours (issue 31): the captions are drawn into the picture, so a player offers no captions track
   * (it would show the words twice); the files can still be downloaded.
   */
  captions_in_picture: z.boolean(),
});
export type RecentProject = z.infer<typeof recentProjectSchema>;

/** How many projects GET /videos/recent-projects answers at most (the dashboard pages them by 3). */
export const RECENT_PROJECTS_LIMIT = 12;

/** One video of My Videos and of the projects screen (a project is a video plus how it was made). */
export const videoSchema = recentProjectSchema;
export type Video = z.infer<typeof videoSchema>;

export const listVideosQuerySchema = z.object({
  /** Matched case-insensitively against the title, the whole prompt and a storyboard's narration. */
  q: z.string().trim().max(200).optional(),
  limit: limitQuerySchema.default(PROJECTS_PER_PAGE),
  offset: offsetQuerySchema.default(0),
  status: videoStatusSchema.optional(),
  project_type: projectTypeSchema.optional(),
});
export type ListVideosQuery = z.infer<typeof listVideosQuerySchema>;

/** The spec allows a bare array or `{videos}`/`{items}`; ours is `{videos, total}` for paging. */
export const videoListAnswerSchema = z.object({
  videos: z.array(videoSchema),
  /** How many match the filters in all, for the page count. */
  total: z.number().int().nonnegative(),
});
export type VideoListAnswer = z.infer<typeof videoListAnswerSchema>;

/** Newest first. Serves My Videos and, with q/limit/offset, the projects screen. */
export const listVideos = defineCall({
  name: 'listVideos',
  method: 'GET',
  path: '/videos',
  auth: 'bearer',
  tag: TAG,
  summary: "The signed-in user's videos, newest first, filtered and paged",
  query: listVideosQuerySchema,
  response: videoListAnswerSchema,
});

export const listRecentProjects = defineCall({
  name: 'listRecentProjects',
  method: 'GET',
  path: '/videos/recent-projects',
  auth: 'bearer',
  tag: TAG,
  summary: `Recent projects for the dashboard, newest first (at most ${RECENT_PROJECTS_LIMIT})`,
  response: z.array(recentProjectSchema),
});

export const listLatestVideos = defineCall({
  name: 'listLatestVideos',
  method: 'GET',
  path: '/videos/latest-videos',
  auth: 'bearer',
  tag: TAG,
  summary: 'Latest videos, optionally by status and project type',
  query: z.object({
    status: videoStatusSchema.optional(),
    project_type: projectTypeSchema.optional(),
    limit: limitQuerySchema.default(PROJECTS_PER_PAGE),
  }),
  response: z.array(videoSchema),
});

/**
 * Ours (not in the spec): removes the caller's video and its stored files. 404 `Video not found` for
 * an unknown id, another user's, or one already deleted.
 */
export const deleteVideo = defineCall({
  name: 'deleteVideo',
  method: 'DELETE',
  path: '/videos/:id',
  auth: 'bearer',
  tag: TAG,
  summary: 'Delete a video',
  params: idParamsSchema,
  response: deletedAnswerSchema,
});
