import type { GenerationState, Notification, RecentProject, VideoCount } from '@reelcraft/contract';
import { fakeApi, testUser, type FakeHandler } from './fake-api';

// Answers of the calls the signed-in shell and its screens make, as the server sends them.

export function testGeneration(overrides: Partial<GenerationState> = {}): GenerationState {
  return {
    session_id: 'sess-1',
    project_type: 'text-to-video',
    status: 'processing',
    progress: 10,
    stage: 'video_generation',
    message: null,
    video_id: null,
    video_url: null,
    error: null,
    retrying: false,
    storyboard_id: null,
    ...overrides,
  };
}

export function testVideoCount(overrides: Partial<VideoCount> = {}): VideoCount {
  return {
    has_subscription: false,
    remaining_videos: 3,
    max_videos: 5,
    total_videos: 2,
    can_generate: true,
    is_expired: false,
    subscription_status: 'free',
    plan: { id: 'free', name: 'Free' },
    ...overrides,
  };
}

let notificationCounter = 0;

export function testNotification(overrides: Partial<Notification> = {}): Notification {
  notificationCounter += 1;
  return {
    id: `notification-${notificationCounter}`,
    title: 'Your video is ready',
    message: 'Summer sale teaser finished rendering.',
    status: 'completed',
    read: false,
    timestamp: new Date(Date.now() - 5 * 60_000).toISOString(),
    link: '/projects',
    video_id: null,
    session_id: null,
    ...overrides,
  };
}

let projectCounter = 0;

export function testProject(overrides: Partial<RecentProject> = {}): RecentProject {
  projectCounter += 1;
  return {
    id: `project-${projectCounter}`,
    title: `Project ${projectCounter}`,
    created_at: new Date(Date.now() - projectCounter * 3_600_000).toISOString(),
    video_url: `/media/video-${projectCounter}.mp4`,
    project_type: 'text-to-video',
    status: 'completed',
    thumbnail_url: null,
    storyboard_id: null,
    has_captions: false,
    captions_in_picture: false,
    ...overrides,
  };
}

type Handlers = Parameters<typeof fakeApi>[0];

/**
 * A server for a signed-in screen: the current user, a free user's video count, no notifications and
 * no projects, unless `overrides` answer otherwise.
 */
export function shellApi(overrides: Handlers = {}) {
  const defaults: Record<string, FakeHandler | { body: unknown }> = {
    'GET /auth/me': { body: testUser() },
    'GET /user/video-count': { body: testVideoCount() },
    'GET /notifications': { body: [] },
    'GET /videos/recent-projects': { body: [] },
    'GET /feedback/questions': { body: { questions: [] } },
    'GET /generations/active': { body: { generation: null } },
  };
  return fakeApi({ ...defaults, ...overrides });
}
