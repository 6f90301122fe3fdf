import { TEXT_VIDEO_DURATIONS_S, type ASPECT_RATIOS } from '@reelcraft/contract';
import { classifyPrompt } from '../../providers';

/** What the local assistant takes a message for (before it acts on it). */
export type MessageIntent =
  | 'greeting'
  | 'create_video'
  | 'modify_video'
  /** A change to a video already made ("make the last video longer"): its storyboard editor. */
  | 'edit_video'
  | 'confirm'
  | 'decline'
  | 'quota'
  | 'plans'
  /** Changing plan, cancelling, refunds, payments: the billing help. */
  | 'billing'
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
  /**
   * What a follow-up adds to the waiting proposal without replacing its subject ("moodier with rain
   * running down the windows"); null outside follow-ups.
   */
  detail: string | null;
  /** What a change asks for beyond the slots above ("longer", "logo"); empty when it names none. */
  edits: VideoEdit[];
}

/** The kinds of change people ask of a video (a proposal's or one already made). */
export const VIDEO_EDITS = [
  'longer',
  'shorter',
  'logo',
  'music',
  'voice',
  'captions',
  'shape',
  'scenes',
] as const;
export type VideoEdit = (typeof VIDEO_EDITS)[number];

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
  { pattern: /\b9\s*[:x/]\s*16\b/gi, aspect: '9:16' },
  { pattern: /\b16\s*[:x/]\s*9\b/gi, aspect: '16:9' },
  { pattern: /\b1\s*[:x/]\s*1\b/gi, aspect: '1:1' },
  {
    pattern:
      /\b(?:in\s+)?(?:a\s+)?(?:vertical|portrait|upright)(?:\s+(?:format|orientation|mode|video))?\b|\b(?:for|on) (?:tiktok|instagram reels|instagram stories|an instagram story|instagram story|reels|youtube shorts|shorts|stories|a story)\b|\b(?:tiktok|reels?|shorts|story) (?:format|size)\b/gi,
    aspect: '9:16',
  },
  {
    pattern:
      /\b(?:in\s+)?(?:a\s+)?square(?:\s+(?:format|shape))?\b|\bfor (?:an )?instagram(?: post| feed)?\b/gi,
    aspect: '1:1',
  },
  {
    pattern:
      /\b(?:in\s+)?(?:a\s+)?(?:horizontal|landscape|widescreen|wide)(?:\s+(?:format|orientation|mode))?\b|\bfor youtube\b/gi,
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
  /** Every phrase of the message that said it ("vertical" and "for Reels"): none of them is subject. */
  texts: string[];
}

function findDuration(message: string): Found<number> | null {
  let found: Found<number> | null = null;
  for (const { pattern, seconds } of DURATION_PATTERNS) {
    for (const match of message.matchAll(new RegExp(pattern.source, 'gi'))) {
      found ??= { value: seconds(match), texts: [] };
      found.texts.push(match[0]);
    }
  }
  return found;
}

function findAspect(message: string): Found<AspectRatio> | null {
  let found: Found<AspectRatio> | null = null;
  for (const { pattern, aspect } of ASPECT_PATTERNS) {
    for (const match of message.matchAll(pattern)) {
      found ??= { value: aspect, texts: [] };
      found.texts.push(match[0]);
    }
  }
  return found;
}

function findStyle(message: string): Found<string> | null {
  const match = message.match(STYLE_PATTERN);
  if (!match) return null;
  const style = match[1]!.toLowerCase().replace(/\s+/g, ' ').replace('watercolour', 'watercolor');
  return { value: style, texts: [match[0]] };
}

const REQUEST_PHRASES: readonly RegExp[] = [
  /^\s*(?:hi|hello|hey)\b[,!.\s]*/i,
  /\b(?:can|could|would|will) you\b|\b(?:can|could|may) (?:i|we) (?:get|have)\b|\bplease\b|\bi(?:'d| would)? (?:want|like|need|love)(?: you)?(?: to)?(?: have)?\b|\blet'?s\b/gi,
  /\b(?:create|make|generate|produce|render|build|do|give me|show me|get)\b\s*(?:me\s+|us\s+)?(?:an?|the|one|some)?\s*(?:new\s+|short\s+|quick\s+|little\s+)*(?:video|clip|reel|animation|film|movie|ad|commercial|short)s?\b\s*(?:of|about|showing|with|for|that shows|featuring|on)?/i,
  /^\s*(?:an?\s+)?(?:video|clip|reel|animation)s?\s+(?:of|about|showing|with|featuring)\b/i,
  /^\s*(?:create|make|generate|produce|render)\b\s*(?:me\s+)?/i,
  /\b(?:make|change|switch|turn) (?:it|that|this|the video)\s*(?:to be\s+)?(?:about|of|to|into|show(?:ing)?)?/i,
  /\b(?:change the subject to|about|showing|featuring)\s+(?=\S)/i,
  /\b(?:instead|actually|though|please|thanks|thank you|rather|also|now|ok|okay|hmm+|but)\b/gi,
];

/** What is left of a message once the phrasing and the slots are taken out ("a lighthouse in a storm"). */
function remainderOf(message: string, slotTexts: readonly string[]): string | null {
  let text = message;
  for (const slot of slotTexts) text = text.replace(slot, ' ');
  for (const phrase of REQUEST_PHRASES) text = text.replace(phrase, ' ');
  text = text
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    // "vertical for Reels, 15 seconds, and moodier" leaves ", , and moodier": one comma at most.
    .replace(/([,;])(?:\s*[,;])+/g, '$1')
    .replace(/^(?:[\s,.:;!?-]|\b(?:and|with|of|about|in|that|is|it|video|clip|long|to|so)\b)+/i, '')
    .replace(
      /(?:[\s,.:;!?-]|\b(?:and|with|of|about|in|a|an|the|that|is|video|clip|long|format|style|too)\b)+$/i,
      '',
    )
    .trim();
  return text.length >= 3 ? text : null;
}

interface ReadSlots extends VideoSlots {
  /** The phrases the slots were read from. */
  slotTexts: string[];
}

function readSlots(message: string): ReadSlots {
  const duration = findDuration(message);
  const aspect = findAspect(message);
  const style = findStyle(message);
  const slotTexts = [...(duration?.texts ?? []), ...(aspect?.texts ?? []), ...(style?.texts ?? [])];
  const durationSeconds = duration ? snapDuration(duration.value) : null;
  return {
    subject: remainderOf(message, slotTexts),
    durationSeconds,
    requestedSeconds: duration && duration.value !== durationSeconds ? duration.value : null,
    aspect: aspect?.value ?? null,
    style: style?.value ?? null,
    detail: null,
    edits: editsIn(message, aspect !== null),
    slotTexts,
  };
}

/** The video facts a message gives, read as a new request. Pure. */
export function fillSlots(message: string): VideoSlots {
  const { slotTexts: _phrases, ...slots } = readSlots(message);
  return slots;
}

const EDIT_PATTERNS: readonly [VideoEdit, RegExp][] = [
  ['longer', /\b(?:longer|extend(?:ed)?|lengthen|more (?:seconds|time))\b/i],
  ['shorter', /\b(?:shorter|shorten|trim(?:med)?|cut (?:it |that )?down)\b/i],
  ['logo', /\b(?:logo|watermark|brand mark)s?\b/i],
  ['music', /\b(?:music|soundtrack|song|background track)\b/i],
  ['voice', /\b(?:voice|voiceover|voice-over|narration|narrator)\b/i],
  ['captions', /\b(?:captions?|subtitles?)\b/i],
  ['scenes', /\b(?:scenes?|shots?)\b/i],
];

/** The changes a message asks for, in the order of VIDEO_EDITS. */
function editsIn(message: string, namesShape: boolean): VideoEdit[] {
  const found = new Set<VideoEdit>(
    EDIT_PATTERNS.filter(([, pattern]) => pattern.test(message)).map(([edit]) => edit),
  );
  if (namesShape || /\b(?:aspect ratio|shape|orientation)\b/i.test(message)) found.add('shape');
  return VIDEO_EDITS.filter((edit) => found.has(edit));
}

/** "longer", "a bit shorter": said by the edits, never part of a description. */
const LENGTH_WORDS = /\b(?:(?:a (?:bit|little)|much|slightly)\s+)?(?:longer|shorter)\b/gi;

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
/** Money matters a help article answers (plan changes, cancelling, refunds, paying), never the quota. */
const BILLING_PATTERNS = [
  /\b(?:cancel(?:l?ing|l?ed)?|refunds?|refunded|reimburse\w*|money back|downgrade|unsubscribe|billing|billed|invoices?|receipts?|charged|charges?|auto-?renew\w*|renew(?:s|al|ing)?)\b/i,
  /\b(?:change|switch|upgrade|move)\b.*\b(?:plan|subscription|tier|business|pro|premium)\b|\bupgrad(?:e|ing)\b/i,
  /\b(?:how (?:do|can) i|can i|where do i)\s+pay\b|\b(?:pay|paying|payment)\b.*\b(?:card|paypal|method|methods|options?)\b|\bpaypal\b/i,
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
  /\b(?:create|make|generate|produce|render|build|do|get)\b\s*(?:me\s+|us\s+)?(?:an?|the|one|some)?\s*(?:new\s+|short\s+|quick\s+|little\s+)*(?:\d+\s*-?\s*(?:s|sec|second|seconds?|min|minutes?)\s+)?(?:(?:vertical|square|horizontal|portrait|landscape|cinematic|anime|cartoon)\s+)*(?:video|clip|reel|animation|film|movie|ad|commercial|short)s?\b/i,
  /^\s*(?:an?\s+)?(?:\d+\s*-?\s*(?:s|sec|second|seconds?|min|minute|minutes?)\s*-?\s*(?:long\s+)?)?(?:(?:vertical|square|horizontal|portrait|landscape|cinematic|short|quick)\s+)*(?:video|clip|reel|animation)s?\s+(?:of|about|showing|with|featuring)\b/i,
  /\bi (?:want|need|would like|'d like) (?:an?|to make an?|to create an?) (?:\w+\s+){0,3}(?:video|clip|reel|animation)\b/i,
];
/**
 * A question about how to do something ("how do I…", "can I…"): help, never a video proposal. "Can
 * I get a video of…" is a polite request, not a question.
 */
const HOW_TO_QUESTION =
  /^\s*(?:(?:so|and|ok|okay|hi|hey|hello|also|quick question)[,!.\s]+)*(?:how (?:do|can|could|should|would|does) (?:i|we|you|one)\b|how to\b|(?:can|could|may) (?:i|we)\b(?! (?:get|have)\b)|am i able to\b|is it possible\b|is there (?:a|any) way\b|where (?:do|can|could) (?:i|we)\b|what(?:'s| is) the (?:best )?way to\b|do you (?:support|offer|accept|allow)\b|does (?:it|reelcraft|the \w+) (?:support|work|accept|allow)\b|why (?:can't|cannot|can i not|doesn't|does|is|did)\b)/i;
/** A change to a proposal: "make it ...", "change it to ...", "instead". */
const MODIFY_PATTERNS = [
  /\b(?:make|change|switch|turn) (?:it|that|this|the video)\b/i,
  /\binstead\b|\bactually\b|\brather\b/i,
  /^\s*(?:more|less|add|with|without|at|but|and|also|in)\b/i,
  /\b(?:longer|shorter)\b/i,
];
/** A follow-up that replaces the subject rather than adding to it. */
const NEW_SUBJECT =
  /\b(?:make|change|switch|turn) (?:it|that|this|the video)\s+(?:to be\s+)?(?:about|of|into|show(?:ing)?|featuring)\b|^\s*(?:(?:actually|no|nah|instead)[,\s]+)*(?:about|showing|featuring)\b|\bchange the subject\b/i;
const DETERMINER = /^(?:an?|the|some|two|three|four|five|my|our)\b/i;
/** A video made before: "the last video", "my previous clip", "the video you made". */
const MADE_VIDEO =
  /\b(?:last|latest|previous|recent|newest|earlier|existing|old|current)\s+(?:video|clip|one|project|render|reel)\b|\b(?:video|clip|one) (?:i|you|we) (?:just )?(?:made|created|rendered|generated|did)\b|\b(?:video|clip) from (?:yesterday|earlier|before|last week)\b/i;
const SOME_VIDEO = /\b(?:my|the|that|this) (?:video|clip)\b/i;
const CHANGE_WORDS =
  /\bmake (?:it|that|this|the|my)\b|\b(?:edit|change|turn|switch|modify|update|fix|tweak|adjust|longer|shorter|extend|lengthen|shorten|trim|cut|add|put|insert|remove|replace|swap|redo|re-?render|remake|improve)\b/i;
const GREETING =
  /^\s*(?:hi|hello|hey|hiya|howdy|good (?:morning|afternoon|evening)|yo)\b[\s!.,]*(?:there|assistant|reelcraft)?[\s!.,]*$/i;
const CAPABILITIES =
  /^\s*(?:help|menu|\?)\s*[!.?]*$|\bwhat (?:can|do|could) you (?:do|help(?: me)? with)\b|\bwho are you\b|\bwhat are you\b|\bhow can you help\b/i;
const QUESTION = /\?\s*$|^\s*(?:how|what|why|where|when|which|who|can|could|do|does|is|are|will|should)\b/i;

/** The intents whose slots describe a video; the others carry none. */
const VIDEO_INTENTS: ReadonlySet<MessageIntent> = new Set(['create_video', 'modify_video', 'edit_video']);

const understanding = (
  intent: MessageIntent,
  confidence: number,
  { slotTexts: _phrases, ...slots }: ReadSlots,
): MessageUnderstanding => ({
  intent,
  confidence,
  slots: VIDEO_INTENTS.has(intent)
    ? {
        ...slots,
        // A change to a video already made names no new subject; a new request asks for no change.
        subject: intent === 'edit_video' ? null : slots.subject,
        edits: intent === 'create_video' ? [] : slots.edits,
      }
    : {
        subject: null,
        durationSeconds: null,
        requestedSeconds: null,
        aspect: null,
        style: null,
        detail: null,
        edits: [],
      },
});

/** Said before the change itself ("Actually, make it …"): no part of a detail. */
const FOLLOW_UP_LEAD =
  /^(?:[\s,.:;!?-]|\b(?:actually|ok|okay|hmm+|also|and|but|so|now|please|then|oh|well|can you|could you|let's|lets|make it|change it|turn it)\b)+/i;

/** A detail in the words of a description: "add some snow and make it darker" -> "with some snow, darker". */
function detailOf(text: string, slotTexts: readonly string[]): string | null {
  let detail = text;
  for (const slot of slotTexts) detail = detail.replace(slot, ' ');
  detail = detail
    .replace(LENGTH_WORDS, ' ')
    .replace(/\b(?:instead|please|thanks|thank you|though)\b/gi, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/([,;])(?:\s*[,;])+/g, '$1')
    .replace(FOLLOW_UP_LEAD, '')
    .replace(/^add(?:ing)?\b/i, 'with')
    .replace(/,?\s+and (?:also )?(?:make|change|turn) (?:it|that|this)\b/gi, ',')
    .replace(/\s+and add\b/gi, ', with')
    .replace(/(?:[\s,.:;!?-]|\b(?:and|with|too)\b)+$/i, '')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/([,;])(?:\s*[,;])+/g, '$1')
    .trim();
  return detail.length >= 3 ? detail : null;
}

/**
 * A follow-up to a waiting proposal changes only what it names: the slots it gives, and either a
 * new subject ("make it about a castle instead") or a detail added to the kept one ("moodier with
 * rain running down the windows"). While the proposal waits for a subject, what is left is it.
 */
function followUp(text: string, read: ReadSlots, facts: ConversationFacts): ReadSlots {
  const remainder = read.subject?.replace(LENGTH_WORDS, ' ').replace(/\s+/g, ' ').trim() || null;
  if (!remainder || remainder.length < 3) return { ...read, subject: null, detail: null };
  const replaces =
    facts.awaitingSubject ||
    NEW_SUBJECT.test(text) ||
    (DETERMINER.test(remainder) &&
      (/\b(?:instead|rather)\b/i.test(text) || !/\b(?:make|change|switch|turn) it\b/i.test(text)) &&
      !/^\s*(?:more|less|add|with|without|at|but|and|also|in)\b/i.test(text));
  return replaces
    ? { ...read, subject: remainder, detail: null }
    : { ...read, subject: null, detail: detailOf(text, read.slotTexts) };
}

/**
 * Reads one chat message: what it asks for, how sure we are, and the video facts it gives. The
 * conversation matters: "yes" confirms a waiting proposal, "make it 30 seconds instead" changes it.
 * Deterministic and pure; retrieval of help answers is decided by the caller (`help`, `billing` and
 * `other` may become a knowledge-base answer).
 */
export function understandMessage(message: string, facts: ConversationFacts): MessageUnderstanding {
  const text = message.trim();
  const slots = readSlots(text);
  const hasSlots = slots.durationSeconds !== null || slots.aspect !== null || slots.style !== null;
  const proposalWaits = facts.hasProposal || facts.awaitingSubject;

  if (isOnly(text, AFFIRM_CORE, AFFIRM_FILLER) && !hasSlots) {
    return understanding('confirm', facts.hasProposal ? 0.95 : 0.6, slots);
  }
  if (isOnly(text, DECLINE_CORE, DECLINE_FILLER)) {
    return understanding('decline', facts.hasProposal ? 0.9 : 0.5, slots);
  }
  if (GREETING.test(text)) return understanding('greeting', 0.95, slots);
  if (CAPABILITIES.test(text)) return understanding('capabilities', 0.9, slots);

  const creates = CREATE_PATTERNS.some((pattern) => pattern.test(text));
  const asksHowTo = HOW_TO_QUESTION.test(text);
  const noVideo = { ...slots, subject: null };
  if (BILLING_PATTERNS.some((pattern) => pattern.test(text)) && (!creates || asksHowTo)) {
    return understanding('billing', 0.9, noVideo);
  }
  // A change to a video already made: "make the last video longer", "add music to my video", or
  // "make it longer" once this conversation made one. A how-to question about videos in general is help.
  const namesMadeVideo = MADE_VIDEO.test(text);
  const refersToMade =
    namesMadeVideo ||
    (!proposalWaits &&
      !creates &&
      !asksHowTo &&
      (SOME_VIDEO.test(text) || (facts.hasStartedVideo && /\b(?:it|that|this one)\b/i.test(text))));
  if (CHANGE_WORDS.test(text) && refersToMade) return understanding('edit_video', 0.85, slots);
  if (!creates || asksHowTo) {
    if (QUOTA_PATTERNS.some((pattern) => pattern.test(text))) return understanding('quota', 0.9, noVideo);
    if (
      STATUS_PATTERNS.some((pattern) => pattern.test(text)) &&
      /\b(?:video|clip|it|render|that|one)s?\b/i.test(text)
    )
      return understanding('video_status', 0.85, noVideo);
    if (PROJECT_PATTERNS.some((pattern) => pattern.test(text)))
      return understanding('list_projects', 0.85, noVideo);
  }
  if (asksHowTo) return understanding('help', 0.8, noVideo);
  if (!creates && PLAN_PATTERNS.some((pattern) => pattern.test(text))) {
    return understanding('plans', 0.8, noVideo);
  }

  if (proposalWaits) {
    const modifies = MODIFY_PATTERNS.some((pattern) => pattern.test(text));
    // A new request with a subject of its own starts over; anything else about the video changes it.
    if (creates && slots.subject && !modifies) return understanding('create_video', 0.9, slots);
    if (hasSlots || modifies) return understanding('modify_video', 0.85, followUp(text, slots, facts));
    if (facts.awaitingSubject && !QUESTION.test(text))
      return understanding('modify_video', 0.7, followUp(text, slots, facts));
    if (!QUESTION.test(text) && words(text).length <= 8)
      return understanding('modify_video', 0.6, followUp(text, slots, facts));
  }
  if (creates) return understanding('create_video', slots.subject ? 0.92 : 0.75, slots);
  if (QUESTION.test(text)) return understanding('help', 0.6, noVideo);
  // A message that only describes a scene ("a neon city at night") asks for that video.
  const scene = classifyPrompt(text);
  if (scene.confidence > 0 && words(text).length >= 2) return understanding('create_video', 0.65, slots);
  if (hasSlots && slots.subject) return understanding('create_video', 0.6, slots);
  return understanding('other', 0.3, noVideo);
}
