import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index';
import { buildCallPath, type AnyCall, type HttpMethod } from './index';

type SpecCall = readonly [HttpMethod, string];

// Section 7 of spec 000, as the spec writes each call. Methods the spec leaves out are noted.
const spec000Calls: readonly SpecCall[] = [
  ['POST', '/auth/login'],
  ['POST', '/auth/register'],
  ['GET', '/auth/me'],
  ['PUT', '/user/profile'],
  ['PUT', '/auth/me'],
  ['GET', '/auth/google/initiate'],
  ['POST', '/onboarding'],
  ['POST', '/auth/forgot-password'],
  ['POST', '/auth/reset-password'],
  ['POST', '/auth/resend-verification'],
  ['GET', '/verify/{token}'],
  ['GET', '/user/video-count'],
  ['GET', '/subscriptions/plans'],
  // Written "GET plans/{id}", next to /subscriptions/plans.
  ['GET', '/subscriptions/plans/{id}'],
  ['POST', '/subscriptions/payment-success'],
  // "also /subscription/activate is configured": no method given, POST like its twin.
  ['POST', '/subscription/activate'],
  ['GET', '/subscriptions/dashboard'],
  ['GET', '/subscriptions/status/{id}'],
  ['GET', '/videos/recent-projects'],
  ['GET', '/videos/latest-videos'],
  ['POST', '/notifications/'],
  ['GET', '/notifications/'],
  ['PATCH', '/notifications/{id}'],
  ['PATCH', '/notifications/{id}/read'],
  ['PATCH', '/notifications/by-session/{id}'],
  ['GET', '/feedback/questions'],
  ['POST', '/feedback/submit'],
];

// Section 7 of spec 001 (some repeat spec 000's).
const spec001Calls: readonly SpecCall[] = [
  ['POST', '/text-to-video/sessions'],
  ['GET', '/text-to-video/sessions/{id}'],
  ['POST', '/image-to-video/sessions'],
  ['GET', '/image-to-video/sessions/{id}'],
  ['POST', '/llm/generate/text'],
  ['GET', '/proxy/video'],
  ['GET', '/videos'],
  ['GET', '/videos/recent-projects'],
  ['GET', '/videos/latest-videos'],
  ['GET', '/user/video-count'],
  ['POST', '/api/v1/product-videos/enhance-image'],
  ['POST', '/upload/signed-url'],
  ['GET', '/verify/{token}'],
  ['POST', '/user/library/images/save'],
  ['GET', '/user/library/images'],
  ['DELETE', '/user/library/images/{id}'],
  ['GET', '/avatars'],
  ['POST', '/avatars'],
  ['POST', '/studio/veo/jobs'],
  ['GET', '/studio/veo/jobs/{id}'],
  ['GET', '/studio/veo/jobs/{id}/events'],
  ['POST', '/studio/veo/jobs/{id}/select'],
  ['POST', '/studio/veo/jobs/{id}/extend'],
  ['POST', '/studio/veo/jobs/{id}/voiceover'],
  ['POST', '/studio/veo/jobs/{id}/voiceover/recorded'],
  ['POST', '/studio/veo/jobs/{id}/lipsync'],
  ['GET', '/studio/veo/jobs/{id}/assets'],
  ['GET', '/elevenlabs/voices'],
  ['POST', '/elevenlabs/voice-clone'],
  ['GET', '/elevenlabs/voice-clones'],
  ['DELETE', '/elevenlabs/voice-clone/{id}'],
  ['POST', '/chat/sessions'],
  ['POST', '/chat/chat'],
  ['GET', '/chat/sessions'],
  ['GET', '/chat/sessions/{id}/history'],
  ['DELETE', '/chat/sessions/{id}'],
  ['POST', '/chat/test'],
];

// Calls the spec implies without a path, and our own additions.
const designedCalls: readonly SpecCall[] = [
  ['GET', '/auth/google/callback'],
  ['GET', '/auth/providers'],
  ['POST', '/subscriptions/webhook/stripe'],
  ['POST', '/subscriptions/webhook/subscription-update'],
  // The order-based checkout on our server (calls/subscriptions.ts).
  ['GET', '/payments/config'],
  ['POST', '/payments/orders'],
  ['POST', '/payments/orders/{id}/capture'],
  ['PATCH', '/notifications/read-all'],
  ['DELETE', '/videos/{id}'],
  ['GET', '/image-to-video/sessions'],
  ['GET', '/health'],
  // The generation core (calls/generations.ts): resume a running job, send it to the background.
  ['GET', '/generations/active'],
  ['POST', '/generations/{session_id}/background'],
  ['GET', '/generations/{session_id}'],
  // Voices and avatars (calls/voices.ts, calls/avatars.ts): hear a voice, manage avatars, make
  // portraits in the studio's avatar mode and presenter videos.
  ['POST', '/elevenlabs/voices/{id}/preview'],
  ['PATCH', '/avatars/{id}'],
  ['DELETE', '/avatars/{id}'],
  ['POST', '/avatars/portraits'],
  ['POST', '/avatars/{id}/presenter-videos'],
  // AI Studio (calls/studio.ts, issue 36): the user's jobs, to resume one from any device.
  ['GET', '/studio/veo/jobs'],
  // Slides to video (calls/slides-to-video.ts): the route is in the spec, its calls are ours.
  ['GET', '/ppt-to-video/capabilities'],
  ['POST', '/ppt-to-video/decks'],
  ['GET', '/ppt-to-video/decks/{id}'],
  ['POST', '/ppt-to-video/estimate'],
  ['POST', '/ppt-to-video/sessions'],
  ['GET', '/ppt-to-video/sessions/{id}'],
  // Storyboards (calls/storyboards.ts, issue 31): plan, edit, version and render a video scene by
  // scene; the subject picker's illustrations; a video's captions.
  ['POST', '/storyboards'],
  ['GET', '/storyboards/{id}'],
  ['PUT', '/storyboards/{id}'],
  ['POST', '/storyboards/{id}/render'],
  ['GET', '/storyboards/{id}/versions'],
  ['POST', '/storyboards/{id}/versions/{version}/restore'],
  ['GET', '/storyboards/{id}/scenes/{scene_id}/preview'],
  ['GET', '/illustrations'],
  ['GET', '/illustrations/{id}/image'],
  ['GET', '/videos/{id}/captions.vtt'],
  ['GET', '/videos/{id}/captions.srt'],
  ['POST', '/videos/{id}/storyboard'],
];

/** One form for both notations: no /api/v1 prefix or trailing slash, every parameter alike. */
function normalise(path: string): string {
  const withoutBase = path.startsWith(contract.API_BASE_PATH)
    ? path.slice(contract.API_BASE_PATH.length)
    : path;
  const withoutSlash = withoutBase.length > 1 ? withoutBase.replace(/\/+$/, '') : withoutBase;
  return withoutSlash.replace(/\{[^}]+\}|:[A-Za-z_]+/g, ':param');
}

const key = (method: string, path: string) => `${method} ${normalise(path)}`;

function isCall(value: unknown): value is AnyCall {
  return (
    typeof value === 'object' &&
    value !== null &&
    'method' in value &&
    'path' in value &&
    'name' in value &&
    'response' in value
  );
}

const exported: Record<string, unknown> = contract;
const calls: AnyCall[] = Object.values(exported).filter(isCall);

describe('the calls of the spec', () => {
  const specKeys = [...new Set([...spec000Calls, ...spec001Calls].map(([m, p]) => key(m, p)))];

  it.each(specKeys)('%s has exactly one call definition', (specKey) => {
    const matches = calls.filter((call) => key(call.method, call.path) === specKey);
    expect(matches.map((call) => call.name)).toHaveLength(1);
  });

  it('defines no call beyond the spec and the designed additions', () => {
    const known = new Set([...specKeys, ...designedCalls.map(([m, p]) => key(m, p))]);
    const unknown = calls.filter((call) => !known.has(key(call.method, call.path))).map((call) => call.name);
    expect(unknown).toEqual([]);
    expect(calls).toHaveLength(known.size);
  });

  it('gives every call a unique name and a response schema', () => {
    const names = calls.map((call) => call.name);
    expect(new Set(names).size).toBe(names.length);
    for (const call of calls) expect(call.response, call.name).toBeInstanceOf(z.ZodType);
  });

  it('names each exported call after its own `name`', () => {
    for (const [exportName, value] of Object.entries(exported)) {
      if (isCall(value)) expect(value.name).toBe(exportName);
    }
  });

  it('writes paths relative to the API base, in Fastify form', () => {
    for (const call of calls) {
      // A file name's dot only in a static last segment (captions.vtt).
      expect(call.path, call.name).toMatch(/^\/[a-z0-9\-/:A-Z_]*(\/[a-z]+\.[a-z]+)?$/);
      expect(call.path.startsWith(contract.API_BASE_PATH), call.name).toBe(false);
      expect(call.path === '/' || !call.path.endsWith('/'), call.name).toBe(true);
    }
  });

  it('declares the path parameters each path has', () => {
    for (const call of calls) {
      const inPath = [...call.path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]).sort();
      const declared = call.params instanceof z.ZodObject ? Object.keys(call.params.shape).sort() : [];
      expect(declared, call.name).toEqual(inPath);
    }
  });

  it('lists file fields exactly for the multipart calls', () => {
    for (const call of calls) {
      expect(call.bodyEncoding === 'multipart', call.name).toBe(call.files !== undefined);
    }
  });

  it('converts every schema to JSON Schema for the OpenAPI page', () => {
    for (const call of calls) {
      for (const part of [call.params, call.query, call.body, call.headers]) {
        if (part) expect(() => z.toJSONSchema(part, { io: 'input' }), call.name).not.toThrow();
      }
      expect(() => z.toJSONSchema(call.response, { io: 'output' }), call.name).not.toThrow();
    }
  });
});

describe('request and answer schemas', () => {
  it('reads the login form with the OAuth2 defaults', () => {
    const form = contract.login.body?.parse({ username: 'ada@example.com', password: 'pw' });
    expect(form).toEqual({ username: 'ada@example.com', password: 'pw', grant_type: 'password', scope: '' });
    expect(contract.login.bodyEncoding).toBe('form');
    expect(contract.login.body?.safeParse({ username: 'a', password: 'b', grant_type: 'code' }).success).toBe(
      false,
    );
    expect(contract.login.body?.safeParse({ username: '', password: 'b' }).success).toBe(false);
  });

  it("reads the video count's booleans sent as 't' or 'true'", () => {
    const answer = contract.videoCountAnswerSchema.parse({
      has_subscription: 't',
      can_generate: 'true',
      is_expired: 'f',
      remaining_videos: 3,
      max_videos: 10,
      total_videos: 7,
      subscription_status: 'free',
    });
    expect(answer).toMatchObject({ has_subscription: true, can_generate: true, is_expired: false });
    expect(
      contract.videoCountSchema.safeParse({ ...answer, has_subscription: 't' }).success,
      'the server schema stays strict',
    ).toBe(false);
    // Ours: our server names the plan; the spec's server does not, and is still read.
    expect(answer.plan).toBeUndefined();
    expect(contract.videoCountSchema.safeParse(answer).success, 'our answer names the plan').toBe(false);
    const plan = { id: 'business', name: 'Business' } as const;
    expect(contract.videoCountSchema.parse({ ...answer, plan }).plan).toEqual(plan);
  });

  it('bounds the seed to 0..2147483647 and reads it from text', () => {
    const body = contract.createTextToVideoSession.body;
    const base = { prompt: 'A fox in the snow', duration: '30' };
    expect(body?.parse({ ...base, seed: '2147483647' })).toMatchObject({ duration: 30, seed: 2147483647 });
    expect(body?.safeParse({ ...base, seed: '2147483648' }).success).toBe(false);
    expect(body?.safeParse({ ...base, seed: -1 }).success).toBe(false);
    expect(body?.safeParse({ ...base, seed: 1.5 }).success).toBe(false);
  });

  it("answers the spec's text when the video description is missing", () => {
    const result = contract.createTextToVideoSession.body?.safeParse({ prompt: '  ', duration: 15 });
    expect(result?.error?.issues[0]?.message).toBe('Video description is required');
  });

  it('accepts only the durations 15, 30 and 60', () => {
    const body = contract.createTextToVideoSession.body;
    expect(body?.safeParse({ prompt: 'x', duration: 45 }).success).toBe(false);
    expect(body?.safeParse({ prompt: 'x', duration: 60 }).success).toBe(true);
  });

  it('reads the JSON text fields of the image-to-video form', () => {
    const parsed = contract.createImageToVideoBodySchema.parse({
      prompt: 'Spin the bottle',
      existing_gcs_uris: '["local://uploads/a.png"]',
      extra_params: '{"quality":"hd","aspect_ratio":"9:16"}',
    });
    expect(parsed.existing_gcs_uris).toEqual(['local://uploads/a.png']);
    expect(parsed.extra_params).toEqual({
      quality: 'hd',
      mode: 'cinematic',
      aspect_ratio: '9:16',
      duration: 15,
    });
    expect(contract.createImageToVideoBodySchema.safeParse({ prompt: 'x', extra_params: '{' }).success).toBe(
      false,
    );
  });

  it('keeps notification links inside the app', () => {
    const body = contract.createNotificationBodySchema;
    expect(body.safeParse({ title: 't', message: 'm', link: '/projects' }).success).toBe(true);
    expect(body.safeParse({ title: 't', message: 'm', link: 'javascript:alert(1)' }).success).toBe(false);
    expect(body.safeParse({ title: 't', message: 'm', link: '//evil.example' }).success).toBe(false);
  });

  it('checks that the reset password confirmation matches', () => {
    const result = contract.resetPasswordFormSchema.safeParse({
      token: 't',
      new_password: 'long enough',
      confirm_password: 'different',
    });
    expect(result.error?.issues[0]?.message).toBe('Passwords do not match');
  });

  it('tells apart the studio events by type', () => {
    const event = contract.studioEventSchema.parse({
      type: 'progress',
      status: 'CANDIDATES_GENERATING',
      progress: 0.5,
    });
    expect(event.type).toBe('progress');
    expect(contract.STUDIO_EVENT_TYPES).toHaveLength(10);
  });
});

describe('texts and constants', () => {
  it('quotes the catalogue verbatim', () => {
    expect(contract.loginMessages.tooManyAttempts).toBe('Too many login attempts. Please try again later.');
    expect(contract.passwordMessages.resetSucceeded).toBe(
      'Password reset successfully! You can now login with your new password.',
    );
    expect(contract.uploadMessages.tooManyFiles).toBe('Maximum 20 images can be uploaded at once');
    expect(contract.imageEnhancerMessages.tooLarge).toBe('Image too large. Maximum size is 20MB.');
    expect(contract.imageToVideoMessages.fileTooLarge).toBe('File size must be less than 10MB');
    expect(contract.studioMessages.generateCandidatesFirst).toBe(
      'Please generate candidates first by clicking "Generate 4 Candidates"',
    );
    expect(contract.studioMessages.videoNotReadyForVoiceoverWithStatus('CREATED')).toBe(
      'Video must be ready before adding voiceover Current status: CREATED',
    );
    expect(contract.defaultFailure('load voices')).toBe(contract.voiceMessages.loadFailed);
  });

  it('uses one request timeout everywhere', () => {
    expect(contract.API_TIMEOUT_MS).toBe(30_000);
    expect(contract.getHealth.timeoutMs).toBe(contract.API_TIMEOUT_MS);
    expect(contract.verifyEmail.timeoutMs).toBe(contract.VERIFICATION_TIMEOUT_MS);
  });
});

describe('buildCallPath', () => {
  it('fills and encodes the path parameters', () => {
    expect(buildCallPath(contract.markNotificationRead.path, { id: 3 })).toBe('/notifications/3/read');
    expect(buildCallPath(contract.verifyEmail.path, { token: 'a/b c' })).toBe('/verify/a%2Fb%20c');
    expect(buildCallPath(contract.updateNotificationsBySession.path, { sessionId: 's1' })).toBe(
      '/notifications/by-session/s1',
    );
  });

  it('refuses a missing parameter', () => {
    expect(() => buildCallPath(contract.getStudioJob.path)).toThrow(/Missing path parameter "id"/);
  });
});
