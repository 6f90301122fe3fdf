import type { FastifyInstance } from 'fastify';
import {
  createStoryboard,
  getIllustrationImage,
  getScenePreview,
  getStoryboard,
  getVideoCaptionsSrt,
  getVideoCaptionsVtt,
  getVideoStoryboard,
  listStoryboardVersions,
  renderStoryboard,
  restoreStoryboardVersion,
  saveStoryboard,
  searchIllustrations,
  storyboardMessages,
} from '@reelcraft/contract';
import { notFound } from '../../platform/http/http-error';
import { requireUser } from '../../platform/http/request-user';
import type { RouteContext } from '../../platform/http/route-context';
import { illustrationImage } from '../../providers/storyboard-drafts';
import { StoryboardConflictError, type StoryboardsService } from './storyboards.service';

/** Illustrations never change: browsers may keep them for a day. */
const ILLUSTRATION_CACHE = 'public, max-age=86400, immutable';

/** The storyboard calls (issue 31): drafts, saves, renders, previews, illustrations and captions. */
export async function storyboardsRoutes(
  app: FastifyInstance,
  { registerCall, userLimits, storyboards }: RouteContext & { storyboards: StoryboardsService },
): Promise<void> {
  // Drafts, saves and restores write rows: each counts against the user's limit (decision 033).
  registerCall(app, createStoryboard, async ({ body, request }) => {
    const userId = requireUser(request).id;
    await userLimits.take('storyboardSaves', userId);
    return storyboards.create(userId, body);
  });
  registerCall(app, getStoryboard, ({ params, request }) =>
    storyboards.get(requireUser(request).id, params.id),
  );
  registerCall(app, saveStoryboard, async ({ params, body, request, reply }) => {
    const userId = requireUser(request).id;
    await userLimits.take('storyboardSaves', userId);
    try {
      return await storyboards.save(userId, params.id, body);
    } catch (error) {
      // Two tabs: the losing save learns why and gets the storyboard as it now is.
      if (error instanceof StoryboardConflictError)
        return reply.code(409).send({ detail: error.detail, current: error.current });
      throw error;
    }
  });
  registerCall(app, renderStoryboard, ({ params, body, request }) =>
    storyboards.render(requireUser(request).id, params.id, body.version),
  );
  registerCall(app, listStoryboardVersions, ({ params, request }) =>
    storyboards.versions(requireUser(request).id, params.id),
  );
  registerCall(app, restoreStoryboardVersion, async ({ params, request, reply }) => {
    const userId = requireUser(request).id;
    await userLimits.take('storyboardSaves', userId);
    try {
      return await storyboards.restore(userId, params.id, params.version);
    } catch (error) {
      if (error instanceof StoryboardConflictError)
        return reply.code(409).send({ detail: error.detail, current: error.current });
      throw error;
    }
  });
  registerCall(app, getScenePreview, async ({ params, request, reply }) => {
    const png = await storyboards.preview(requireUser(request).id, params.id, params.scene_id);
    return reply.type('image/png').header('cache-control', 'private, no-cache').send(png);
  });
  registerCall(app, searchIllustrations, async ({ query, request }) => {
    requireUser(request);
    const found = await storyboards.illustrations(query.q);
    return found.map((entry) => ({
      ...entry,
      preview_url: `/api/v1/illustrations/${encodeURIComponent(entry.id)}/image`,
    }));
  });
  registerCall(app, getIllustrationImage, async ({ params, reply }) => {
    const svg = await illustrationImage(params.id);
    if (!svg) throw notFound(storyboardMessages.unknownIllustration);
    // An SVG of the shipped set, served with no script allowed to run in it.
    return reply
      .type('image/svg+xml')
      .header('cache-control', ILLUSTRATION_CACHE)
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg);
  });
  registerCall(app, getVideoCaptionsVtt, async ({ params, request, reply }) => {
    const file = await storyboards.captions(requireUser(request).id, params.id, 'vtt');
    return reply.type('text/vtt; charset=utf-8').header('cache-control', 'private, no-cache').send(file);
  });
  registerCall(app, getVideoCaptionsSrt, async ({ params, request, reply }) => {
    const file = await storyboards.captions(requireUser(request).id, params.id, 'srt');
    return reply
      .type('application/x-subrip; charset=utf-8')
      .header('content-disposition', 'attachment; filename="captions.srt"')
      .header('cache-control', 'private, no-cache')
      .send(file);
  });
  registerCall(app, getVideoStoryboard, ({ params, request }) =>
    storyboards.ofVideo(requireUser(request).id, params.id),
  );
}
