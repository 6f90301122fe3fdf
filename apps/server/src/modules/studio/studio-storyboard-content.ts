import crypto from 'node:crypto';
import {
  narratedSceneSeconds,
  SEED_MAX,
  STORYBOARD_LIMITS,
  storyboardMessages,
  type SceneSubject,
  type StoryboardContent,
  type StoryboardScene,
} from '@reelcraft/contract';
import type { SceneFormat } from '../../providers/video/storyboard-scenes';
import { splitSeconds } from '../../providers/video/storyboard-scenes';
import { VideoInputError } from '../generations';

/**
 * What the studio's storyboards hold (issue 31, docs/decisions/035 "The studio's voiceover"): each
 * candidate is a storyboard of the studio prompt, an extension adds scenes to it, and the voiceover
 * becomes its narration at the export. Pure.
 */

/** The studio's candidate ids, `candidate-1` .. `candidate-4`, by position. */
export const candidateIdAt = (index: number) => `candidate-${index + 1}`;

/** Each candidate draws with a seed of its own, so the four differ (as the provider's variations did). */
export const candidateSeed = (seed: number, index: number) => (seed + index * 7919) % SEED_MAX;

/**
 * The storyboard id of a job's candidate, derived from both (a name-based UUID): a job restarted
 * while it wrote them finds the ones it wrote, and nothing else needs to record the link.
 */
export function candidateStoryboardId(jobId: string, candidateId: string): string {
  const hex = crypto.createHash('sha256').update(`studio-candidate|${jobId}|${candidateId}`).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Studio storyboards render at the job's frame rate, in the candidates' standard quality. */
export const studioFormat = (job: { fps: number }): SceneFormat => ({ quality: 'standard', fps: job.fps });

/** How a candidate shows the studio's references. */
export interface CandidateLook {
  /** Which candidate (0..3): it decides which scenes show the subject photos. */
  index: number;
  /** The subject references (storage URIs), shown as the image subjects of every other scene. */
  subjectUris: readonly string[];
  /** The style reference's dominant colour, which the drawn subjects take; null without one. */
  tint: string | null;
}

/**
 * A candidate's storyboard from the prompt's draft: silent (the voiceover gives it its words at
 * the export) and as long as the job asked, its scenes at least a second each. The subject photos
 * fill every other scene (each candidate starts at another), the drawn scenes take the style's colour.
 */
export function candidateStoryboard(
  draft: StoryboardContent,
  durationSeconds: number,
  look: CandidateLook,
): StoryboardContent {
  const count = Math.max(1, Math.min(draft.scenes.length, Math.floor(durationSeconds)));
  // The opening scenes and the closing one.
  const kept =
    count >= draft.scenes.length
      ? draft.scenes
      : count === 1
        ? draft.scenes.slice(0, 1)
        : [...draft.scenes.slice(0, count - 1), draft.scenes.at(-1) as StoryboardScene];
  return {
    ...draft,
    voice_id: null,
    scenes: fixedScenes(kept, durationSeconds, 0, look),
  };
}

/**
 * The chosen storyboard with an extension's scenes after its own: `addition` is a draft of the
 * extension's prompt, cut to `seconds`. Throws the storyboard's limits as a reason for the user.
 */
export function extendedStoryboard(
  current: StoryboardContent,
  addition: StoryboardContent,
  seconds: number,
  look: CandidateLook,
): StoryboardContent {
  const count = Math.max(1, Math.min(addition.scenes.length, Math.floor(seconds)));
  const taken = addition.scenes.slice(0, count);
  const ids = new Set(current.scenes.map((scene) => scene.id));
  const added = fixedScenes(taken, seconds, current.scenes.length, look).map((scene) => {
    let id = scene.id;
    for (let n = 2; ids.has(id); n += 1) id = `${scene.id}-${n}`;
    ids.add(id);
    return { ...scene, id };
  });
  const scenes = [...current.scenes, ...added];
  if (scenes.length > STORYBOARD_LIMITS.maxScenes)
    throw new VideoInputError(storyboardMessages.tooManyScenes);
  if (totalSeconds(scenes) > STORYBOARD_LIMITS.maxTotalSeconds)
    throw new VideoInputError(storyboardMessages.videoTooLong);
  return { ...current, scenes };
}

/**
 * The storyboard narrated with a typed voiceover: its phrases spread over the scenes in order (as
 * evenly as their words allow), spoken in `voiceId`, each scene as long as its speech. Scenes the
 * voiceover does not reach are left out, as the lip-sync trimmed the clip to the voice; a voiceover
 * longer than the scenes hold repeats their pictures in order. Null when no storyboard can hold it
 * (more than its 3 minutes or 40 scenes): the export then burns its captions in as before.
 */
export function narratedStoryboard(
  content: StoryboardContent,
  phrases: readonly string[],
  voiceId: string,
): StoryboardContent | null {
  if (phrases.length === 0 || content.scenes.length === 0) return null;
  const most = Math.min(phrases.length, STORYBOARD_LIMITS.maxScenes);
  for (let count = Math.min(content.scenes.length, most); count <= most; count += 1) {
    const parts = spreadPhrases(phrases, count);
    if (parts.some((part) => part.length > STORYBOARD_LIMITS.maxNarrationChars)) continue;
    const scenes = parts.map((narration, index): StoryboardScene => {
      const base = content.scenes[index % content.scenes.length] as StoryboardScene;
      return {
        ...base,
        id: index < content.scenes.length ? base.id : `${base.id}-r${index + 1}`,
        narration,
        duration_fixed: false,
        duration_seconds: narratedSceneSeconds(narration, base.duration_seconds),
      };
    });
    if (totalSeconds(scenes) > STORYBOARD_LIMITS.maxTotalSeconds) return null;
    return { ...content, voice_id: voiceId, captions: { ...content.captions, enabled: true }, scenes };
  }
  return null;
}

/**
 * `phrases` in `count` runs, in order, each of at least one phrase, their word counts as even as
 * the phrases allow: each scene's narration.
 */
export function spreadPhrases(phrases: readonly string[], count: number): string[] {
  const words = phrases.map((phrase) => phrase.split(/\s+/).filter(Boolean).length);
  let left = words.reduce((sum, n) => sum + n, 0);
  const parts: string[] = [];
  let at = 0;
  for (let part = 0; part < count; part += 1) {
    const runsLeft = count - part;
    const target = left / runsLeft;
    const run: string[] = [];
    let taken = 0;
    // Every later run keeps at least one phrase.
    while (at < phrases.length && phrases.length - at > runsLeft - 1) {
      const next = words[at] ?? 0;
      if (run.length > 0 && taken + next / 2 > target) break;
      run.push(phrases[at] as string);
      taken += next;
      at += 1;
    }
    left -= taken;
    parts.push(run.join(' '));
  }
  return parts;
}

/** Scenes made to last `seconds` together (fixed lengths), with the references shown from `position`. */
function fixedScenes(
  scenes: readonly StoryboardScene[],
  seconds: number,
  position: number,
  look: CandidateLook,
): StoryboardScene[] {
  const lengths = splitSeconds(seconds, scenes.length);
  return scenes.map((scene, index) => ({
    ...scene,
    duration_seconds: lengths[index] ?? scene.duration_seconds,
    duration_fixed: true,
    visual: {
      ...scene.visual,
      subjects: shownSubjects(scene.visual.subjects, position + index, scenes.length + position, look),
    },
  }));
}

function shownSubjects(
  drawn: readonly SceneSubject[],
  position: number,
  sceneCount: number,
  look: CandidateLook,
): SceneSubject[] {
  const { subjectUris } = look;
  if (subjectUris.length > 0 && (sceneCount === 1 || (position + look.index) % 2 === 0)) {
    const which = (Math.floor(position / 2) + look.index) % subjectUris.length;
    return [{ kind: 'image', image_url: subjectUris[which] as string, label: `Subject ${which + 1}` }];
  }
  const tint = look.tint;
  if (!tint) return [...drawn];
  return drawn.map((subject) =>
    subject.kind === 'illustration' ? { ...subject, tint: { color: tint, neutral: false } } : subject,
  );
}

const totalSeconds = (scenes: readonly StoryboardScene[]) =>
  scenes.reduce((sum, scene) => sum + scene.duration_seconds, 0);
