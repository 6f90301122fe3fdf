import { classifyPrompt, promptWords } from '../prompt-categories';
import type { ChatIntent } from './text-provider';

const wordSet = (words: string) => new Set(words.split(/\s+/).filter(Boolean));

/** Signal words per intent; phrases (regular expressions) count double. */
const SIGNALS: Readonly<Record<Exclude<ChatIntent, 'other'>, { words: Set<string>; phrases: RegExp[] }>> = {
  create_video: {
    words: wordSet(
      'create make generate produce render animate film shoot video videos clip clips reel reels animation short commercial ad trailer teaser',
    ),
    phrases: [
      /\b(create|make|generate|produce)\b.*\b(video|clip|reel|animation|short|ad)\b/i,
      /\bvideo (of|about|showing|with)\b/i,
    ],
  },
  improve_prompt: {
    words: wordSet('improve enhance better rewrite refine polish expand prompt description wording'),
    phrases: [
      /\b(improve|enhance|rewrite|refine|polish|expand)\b.*\b(prompt|description)\b/i,
      /\bmake (it|this) (better|more)\b/i,
    ],
  },
  plans_billing: {
    words: wordSet(
      'plan plans pricing price prices cost costs subscription subscribe subscribed billing bill invoice invoices payment pay paid upgrade downgrade credits quota refund trial premium professional business starter',
    ),
    phrases: [
      /\bhow much\b/i,
      /\b(cancel|renew)\b.*\b(plan|subscription)\b/i,
      /\bvideos? (left|remaining)\b/i,
    ],
  },
  account: {
    words: wordSet(
      'account password email login logout profile username settings verify verification sign signin signup register delete avatar',
    ),
    phrases: [
      /\b(log|sign) ?(in|out|up)\b/i,
      /\b(reset|change|forgot)\b.*\bpassword\b/i,
      /\bdelete my account\b/i,
    ],
  },
  help: {
    words: wordSet(
      'help how what why where can support guide tutorial feature features problem error issue broken stuck work works working explain',
    ),
    phrases: [/\bhow (do|can|to)\b/i, /\bwhat (can|is|are)\b/i, /\bnot working\b/i],
  },
};

export interface IntentGuess {
  intent: ChatIntent;
  confidence: number;
}

/**
 * The intent of a chat message by weighted signal words; a message that just describes a scene (it
 * names a subject of the six categories) counts as a request for a video. Pure.
 */
export function classifyIntent(message: string): IntentGuess {
  const words = promptWords(message);
  const scores = new Map<ChatIntent, number>();
  for (const [intent, { words: signals, phrases }] of Object.entries(SIGNALS) as [
    Exclude<ChatIntent, 'other'>,
    (typeof SIGNALS)['help'],
  ][]) {
    let score = words.filter((word) => signals.has(word)).length;
    score += phrases.filter((phrase) => phrase.test(message)).length * 2;
    scores.set(intent, score);
  }
  // "Help" words are everywhere ("how", "can"): they only win when nothing more specific does.
  scores.set('help', (scores.get('help') ?? 0) * 0.6);
  const scene = classifyPrompt(message);
  if (
    scene.confidence > 0 &&
    (scores.get('plans_billing') ?? 0) === 0 &&
    (scores.get('account') ?? 0) === 0
  ) {
    scores.set('create_video', (scores.get('create_video') ?? 0) + scene.matched.length);
  }
  // Asking to improve a prompt mentions "prompt"; that is not a request for a video.
  if ((scores.get('improve_prompt') ?? 0) >= 2)
    scores.set('create_video', (scores.get('create_video') ?? 0) * 0.5);
  const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (!best || best[1] < 0.9) return { intent: 'other', confidence: 0.35 };
  const margin = best[1] - (second?.[1] ?? 0);
  const confidence = Math.min(0.97, 0.5 + 0.12 * best[1] + 0.1 * margin);
  return { intent: best[0], confidence: Number(confidence.toFixed(2)) };
}
