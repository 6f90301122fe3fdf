import { ASPECT_RATIOS, TEXT_VIDEO_DURATIONS_S } from '@reelcraft/contract';
import { classifyPrompt } from '../../providers';

/** What the local assistant takes a message for (before it acts on it). */
export type MessageIntent =
  | 'greeting'
  | 'create_video'
  | 'modify_video'
  | 'confirm'
  | 'decline'
  | 'quota'
  | 'plans'
  | 'video_status'
  | 'list_projects'
  | 'help'
  /** "What can you do?": the assistant introduces itself. */
  | 'capabilities'
  | 'other';

export type AspectRatio = (typeof ASPECT_RATIOS)[number];
export type VideoDuration = (typeof TEXT_VIDEO_DURATIONS_S)[number];

/** The facts of a video request a message gives (any of them may be missing). */
export interface VideoSlots {
  subject: string | null;
  durationSeconds: VideoDuration | null;
  /** What the user asked for when it is not one of the durations offered (20 s -> 15). */
  requestedSeconds: number | null;
  aspect: AspectRatio | null;
  style: string | null;
}

export interface MessageUnderstanding {
  intent: MessageIntent;
  /** 0..1 */
  confidence: number;
  slots: VideoSlots;
}

/** What the conversation holds that changes how a message reads. */
export interface ConversationFacts {
  /** A proposal waits for a yes (or a subject, when `awaitingSubject`). */
  hasProposal: boolean;
  awaitingSubject: boolean;
  /** The conversation already started a video. */
  hasStartedVideo: boolean;
}

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  a: 1,
  an: 1,
  two: 2,
  half: 0.5,
  ten: 10,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  'forty-five': 45,
  fortyfive: 45,
  sixty: 60,
  ninety: 90,
};

const DURATION_PATTERNS: readonly { pattern: RegExp; seconds: (match: RegExpMatchArray) => number }[] = [
  { pattern: /\bhalf an? minutes?\b/i, seconds: () => 30 },
  {
    pattern: /\b(\d+(?:\.\d+)?)\s*-?\s*(?:m|mins?|minutes?)\b(?:\s*long)?/i,
    seconds: (match) => Number(match[1]) * 60,
  },
  {
    pattern: /\b(a|an|one|two|half)\s*-?\s*(?:mins?|minutes?)\b(?:\s*long)?/i,
    seconds: (match) => (NUMBER_WORDS[match[1]!.toLowerCase()] ?? 1) * 60,
  },
  {
    pattern: /\b(\d+)\s*-?\s*(?:s|secs?|seconds?)\b(?:\s*long)?/i,
    seconds: (match) => Number(match[1]),
  },
  {
    pattern:
      /\b(ten|fifteen|twenty|thirty|forty|forty-five|sixty|ninety)\s*-?\s*(?:secs?|seconds?)\b(?:\s*long)?/i,
    seconds: (match) => NUMBER_WORDS[match[1]!.toLowerCase()] ?? 15,
  },
];

const ASPECT_PATTERNS: readonly { pattern: RegExp; aspect: AspectRatio }[] = [
  { pattern: /\b9\s*[:x/]\s*16\b/i, aspect: '9:16' },
  { pattern: /\b16\s*[:x/]\s*9\b/i, aspect: '16:9' },
  { pattern: /\b1\s*[:x/]\s*1\b/i, aspect: '1:1' },
  {
    pattern:
      /\b(?:in\s+)?(?:a\s+)?(?:vertical|portrait|upright)(?:\s+(?:format|orientation|mode))?\b|\bfor (?:tiktok|instagram reels|reels|youtube shorts|shorts|stories)\b|\b(?:tiktok|reels?|shorts|story) (?:format|size)\b/i,
    aspect: '9:16',
  },
  {
    pattern:
      /\b(?:in\s+)?(?:a\s+)?square(?:\s+(?:format|shape))?\b|\bfor (?:an )?instagram(?: post| feed)?\b/i,
    aspect: '1:1',
  },
  {
    pattern:
      /\b(?:in\s+)?(?:a\s+)?(?:horizontal|landscape|widescreen|wide)(?:\s+(?:format|orientation|mode))?\b|\bfor youtube\b/i,
    aspect: '16:9',
  },
];

/** Looks people ask for by name; the first that a message names wins. */
const STYLES = [
  'film noir',
  'black and white',
  'pixel art',
  'stop motion',
  'oil painting',
  'hand-drawn',
  'claymation',
  'watercolor',
  'watercolour',
  'anime',
  'cartoon',
  'comic book',
  'cinematic',
  'documentary',
  'vintage',
  'retro',
  'cyberpunk',
  'minimalist',
  'photorealistic',
  'realistic',
  '3d animation',
  '3d',
  'sketch',
  'noir',
  'dreamy',
  'futuristic',
] as const;
const STYLE_PATTERN = new RegExp(
  `\\b(?:in\\s+(?:an?\\s+|the\\s+)?)?(${STYLES.map((style) => style.replace(/[-\s]/g, '[-\\s]')).join('|')})(?:\\s*-?\\s*(?:style|look|aesthetic|animation|way))?\\b`,
  'i',
);

const snapDuration = (seconds: number): VideoDuration =>
  [...TEXT_VIDEO_DURATIONS_S].sort((a, b) => Math.abs(a - seconds) - Math.abs(b - seconds) || a - b)[0]!;

interface Found<T> {
  value: T;
  text: string;
}

function findDuration(message: string): Found<number> | null {
  for (const { pattern, seconds } of DURATION_PATTERNS) {
    const match = message.match(pattern);
    if (match) return { value: seconds(match), text: match[0] };
  }
  return null;
}

function findAspect(message: string): Found<AspectRatio> | null {
  for (const { pattern, aspect } of ASPECT_PATTERNS) {
    const match = message.match(pattern);
    if (match && ASPECT_RATIOS.includes(aspect)) return { value: aspect, text: match[0] };
  }
  return null;
}

function findStyle(message: string): Found<string> | null {
  const match = message.match(STYLE_PATTERN);
  if (!match) return null;
  const style = match[1]!.toLowerCase().replace(/\s+/g, ' ').replace('watercolour', 'watercolor');
  return { value: style, text: match[0] };
}

const REQUEST_PHRASES: readonly RegExp[] = [
  /^\s*(?:hi|hello|hey)\b[,!.\s]*/i,
  /\b(?:can|could|would|will) you\b|\bplease\b|\bi(?:'d| would)? (?:want|like|need|love)(?: you)?(?: to)?(?: have)?\b|\blet'?s\b/gi,
  /\b(?:create|make|generate|produce|render|build|do|give me|show me)\b\s*(?:me\s+|us\s+)?(?:an?|the|one|some)?\s*(?:new\s+|short\s+|quick\s+|little\s+)*(?:video|clip|reel|animation|film|movie|ad|commercial|short)s?\b\s*(?:of|about|showing|with|for|that shows|featuring|on)?/i,
  /^\s*(?:an?\s+)?(?:video|clip|reel|animation)s?\s+(?:of|about|showing|with|featuring)\b/i,
  /^\s*(?:create|make|generate|produce|render)\b\s*(?:me\s+)?/i,
  /\b(?:make|change|switch|turn) (?:it|that|this|the video)\s*(?:about|of|to|into|show(?:ing)?)?/i,
  /\b(?:instead|actually|though|please|thanks|thank you)\b/gi,
];

/** What is left of a request once the phrasing and the slots are taken out ("a lighthouse in a storm"). */
function subjectOf(message: string, slotTexts: readonly string[]): string | null {
  let text = message;
  for (const slot of slotTexts) text = text.replace(slot, ' ');
  for (const phrase of REQUEST_PHRASES) text = text.replace(phrase, ' ');
  text = text
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/^(?:[\s,.:;!?-]|\b(?:and|with|of|about|in|that|is|it|video|clip|long)\b)+/i, '')
    .replace(
      /(?:[\s,.:;!?-]|\b(?:and|with|of|about|in|a|an|the|that|is|video|clip|long|format|style)\b)+$/i,
      '',
    )
    .trim();
  return text.length >= 3 ? text : null;
}

/** The video facts a message gives. Pure. */
export function fillSlots(message: string): VideoSlots {
  const duration = findDuration(message);
  const aspect = findAspect(message);
  const style = findStyle(message);
  const texts = [duration?.text, aspect?.text, style?.text].filter((text): text is string => !!text);
  const durationSeconds = duration ? snapDuration(duration.value) : null;
  return {
    subject: subjectOf(message, texts),
    durationSeconds,
    requestedSeconds: duration && duration.value !== durationSeconds ? duration.value : null,
    aspect: aspect?.value ?? null,
    style: style?.value ?? null,
  };
}

const words = (text: string) => text.toLowerCase().match(/[a-z0-9']+/g) ?? [];

const AFFIRM_CORE = new Set(
  'yes yeah yep yup sure ok okay go create start confirm confirmed perfect great good alright fine absolutely definitely render generate make proceed lovely nice cool'.split(
    ' ',
  ),
);
const AFFIRM_FILLER = new Set(
  "please do it that this one the video now ahead let's lets for sounds looks thanks thank you is it's go right away yes so much".split(
    ' ',
  ),
);
const DECLINE_CORE = new Set("no not nope nah cancel stop forget don't dont never skip".split(' '));
const DECLINE_FILLER = new Set(
  'not now it that this mind thanks thank you later maybe please the video one about'.split(' '),
);

function isOnly(message: string, core: Set<string>, filler: Set<string>): boolean {
  const tokens = words(message);
  return (
    tokens.length > 0 &&
    tokens.length <= 8 &&
    tokens.some((token) => core.has(token)) &&
    tokens.every((token) => core.has(token) || filler.has(token))
  );
}

const QUOTA_PATTERNS = [
  /\bhow many (?:more )?(?:videos?|credits?)\b.*\b(?:left|remaining|have|get|can i (?:still )?(?:make|create))\b/i,
  /\b(?:videos?|credits?|quota)\b.*\b(?:left|remaining)\b/i,
  /\b(?:my|current) (?:plan|subscription|quota|credits?|usage|balance|limit)\b/i,
  /\bwhat plan (?:am i|do i have|is mine)\b|\b(?:am i|are we) on\b.*\bplan\b|\bwhich plan (?:am i|do i)\b/i,
  /\b(?:do i have|have i got) (?:any )?(?:videos?|credits?) left\b|\bout of (?:videos?|credits?)\b/i,
];
const PLAN_PATTERNS = [
  /\b(?:plans?|pricing|prices?|costs?|subscriptions?|tiers?)\b/i,
  /\bhow much\b.*\b(?:is|does|are|cost|pay)\b/i,
];
const STATUS_PATTERNS = [
  /\b(?:is|are) (?:my|the|it|that|this) ?(?:\w+ )?(?:video|clip|one)?s? ?(?:ready|done|finished|complete|rendering|working)\b/i,
  /\bis it (?:ready|done|finished|complete)\b/i,
  /\b(?:status|progress)\b/i,
  /\bhow(?:'s| is| are) (?:my|the|it|that) ?(?:\w+ )?(?:video|clip|render)?s?\b.*\b(?:going|doing|coming)\b|\bhow(?:'s| is) it going\b/i,
  /\bwhere(?:'s| is) (?:my|the) (?:\w+ )?video\b/i,
  /\b(?:did|has) (?:my|the|it) ?(?:\w+ )?(?:video)? ?(?:finish|finished|fail|failed|render|rendered|complete|completed)\b/i,
];
const PROJECT_PATTERNS = [
  /\b(?:recent|latest|last|previous|past) (?:\d+ )?(?:projects?|videos?)\b/i,
  /^\s*(?:can you\s+|could you\s+|please\s+)?(?:list|show|give me|let me see)\b.*\b(?:projects?|videos?)\b/i,
  /\bwhat (?:videos?|projects?) (?:have i|did i|do i have)\b/i,
  /\bwhat have i (?:made|created)\b/i,
  /^\s*(?:all\s+)?my (?:projects?|videos?)\s*[?.!]*$/i,
];
const CREATE_PATTERNS = [
  /\b(?:create|make|generate|produce|render|build|do)\b\s*(?:me\s+|us\s+)?(?:an?|the|one|some)?\s*(?:new\s+|short\s+|quick\s+|little\s+)*(?:\d+\s*-?\s*(?:s|sec|second|seconds?|min|minutes?)\s+)?(?:(?:vertical|square|horizontal|portrait|landscape|cinematic|anime|cartoon)\s+)*(?:video|clip|reel|animation|film|movie|ad|commercial|short)s?\b/i,
  /^\s*(?:an?\s+)?(?:video|clip|reel|animation)s?\s+(?:of|about|showing|with|featuring)\b/i,
  /\bi (?:want|need|would like|'d like) (?:an?|to make an?|to create an?) (?:\w+\s+){0,3}(?:video|clip|reel|animation)\b/i,
];
/** A change to a proposal: "make it ...", "change it to ...", "instead". */
const MODIFY_PATTERNS = [
  /\b(?:make|change|switch|turn) (?:it|that|this|the video)\b/i,
  /\binstead\b|\bactually\b|\brather\b/i,
  /^\s*(?:more|less|add|with|without|at|but|and|also|in)\b/i,
  /\b(?:longer|shorter)\b/i,
];
const GREETING =
  /^\s*(?:hi|hello|hey|hiya|howdy|good (?:morning|afternoon|evening)|yo)\b[\s!.,]*(?:there|assistant|reelcraft)?[\s!.,]*$/i;
const CAPABILITIES =
  /^\s*(?:help|menu|\?)\s*[!.?]*$|\bwhat (?:can|do|could) you (?:do|help(?: me)? with)\b|\bwho are you\b|\bwhat are you\b|\bhow can you help\b/i;
const QUESTION = /\?\s*$|^\s*(?:how|what|why|where|when|which|who|can|could|do|does|is|are|will|should)\b/i;

const understanding = (
  intent: MessageIntent,
  confidence: number,
  slots: VideoSlots,
): MessageUnderstanding => ({
  intent,
  confidence,
  slots,
});

/**
 * Reads one chat message: what it asks for, how sure we are, and the video facts it gives. The
 * conversation matters: "yes" confirms a waiting proposal, "make it 30 seconds instead" changes it.
 * Deterministic and pure; retrieval of help answers is decided by the caller (`help` and `other` may
 * become a knowledge-base answer).
 */
export function understandMessage(message: string, facts: ConversationFacts): MessageUnderstanding {
  const text = message.trim();
  const slots = fillSlots(text);
  const hasSlots = slots.durationSeconds !== null || slots.aspect !== null || slots.style !== null;

  if (isOnly(text, AFFIRM_CORE, AFFIRM_FILLER) && !hasSlots) {
    return understanding('confirm', facts.hasProposal ? 0.95 : 0.6, slots);
  }
  if (isOnly(text, DECLINE_CORE, DECLINE_FILLER)) {
    return understanding('decline', facts.hasProposal ? 0.9 : 0.5, slots);
  }
  if (GREETING.test(text)) return understanding('greeting', 0.95, slots);
  if (CAPABILITIES.test(text)) return understanding('capabilities', 0.9, slots);

  const creates = CREATE_PATTERNS.some((pattern) => pattern.test(text));
  if (!creates) {
    if (QUOTA_PATTERNS.some((pattern) => pattern.test(text))) return understanding('quota', 0.9, slots);
    if (
      STATUS_PATTERNS.some((pattern) => pattern.test(text)) &&
      /\b(?:video|clip|it|render|that|one)s?\b/i.test(text)
    )
      return understanding('video_status', 0.85, slots);
    if (PROJECT_PATTERNS.some((pattern) => pattern.test(text)))
      return understanding('list_projects', 0.85, slots);
    if (
      PLAN_PATTERNS.some((pattern) => pattern.test(text)) &&
      !/\b(?:upgrade|cancel|pay|refund|change)\b/i.test(text)
    )
      return understanding('plans', 0.8, slots);
  }

  if (facts.hasProposal || facts.awaitingSubject) {
    const modifies = MODIFY_PATTERNS.some((pattern) => pattern.test(text));
    // A new request with a subject of its own starts over; anything else about the video changes it.
    if (creates && slots.subject && !modifies) return understanding('create_video', 0.9, slots);
    if (hasSlots || modifies) return understanding('modify_video', 0.85, slots);
    if (facts.awaitingSubject && !QUESTION.test(text)) return understanding('modify_video', 0.7, slots);
    if (!QUESTION.test(text) && words(text).length <= 8) return understanding('modify_video', 0.6, slots);
  }
  if (creates) return understanding('create_video', slots.subject ? 0.92 : 0.75, slots);
  if (QUESTION.test(text)) return understanding('help', 0.6, slots);
  // A message that only describes a scene ("a neon city at night") asks for that video.
  const scene = classifyPrompt(text);
  if (scene.confidence > 0 && words(text).length >= 2) return understanding('create_video', 0.65, slots);
  if (hasSlots && slots.subject) return understanding('create_video', 0.6, slots);
  return understanding('other', 0.3, slots);
}
