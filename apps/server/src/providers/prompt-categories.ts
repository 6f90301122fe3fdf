/**
 * The six example categories of the text-to-video tips (spec 001 section 2) and the words that point
 * to each. The scene planner picks its look from them and the prompt enhancer its vocabulary.
 */
export const PROMPT_CATEGORIES = [
  'nature',
  'product',
  'action',
  'abstract',
  'lifestyle',
  'technology',
] as const;
export type PromptCategory = (typeof PROMPT_CATEGORIES)[number];

/** Space-separated word lists read better than one quoted word per line. */
const wordList = (words: string): readonly string[] => words.split(/\s+/).filter(Boolean);

export const CATEGORY_KEYWORDS: Readonly<Record<PromptCategory, readonly string[]>> = {
  nature: wordList(`
    nature forest tree trees woods mountain mountains ocean sea beach river lake waterfall sunrise
    sunset sky cloud clouds flower flowers garden wildlife bird birds animal animals desert snow
    rain storm meadow field valley canyon jungle island waves aurora moon landscape leaves autumn
    spring misty mist fog coast wild hills sunlit dawn dusk stars
  `),
  product: wordList(`
    product products bottle watch sneaker sneakers shoe shoes perfume cosmetic cosmetics packaging
    brand showcase commercial advert advertisement ad launch unboxing pedestal skincare jewelry
    jewellery headphones bag handbag label logo sale premium luxury cream serum packshot turntable
    rotating merch
  `),
  action: wordList(`
    action run running runner race racing car cars chase jump jumping sport sports football soccer
    basketball skate skateboard surf surfing bike cycling motorcycle fight explosion fast speed
    extreme parkour energy adrenaline stunt drift goal athlete workout boxing sprint dunk match
  `),
  abstract: wordList(`
    abstract shapes colors colours fluid liquid particles geometric pattern patterns fractal
    kaleidoscope dream dreamy surreal swirl swirling gradient ink smoke flow flowing morph morphing
    shapes texture textures art artistic painting paint psychedelic prism spiral
  `),
  lifestyle: wordList(`
    lifestyle family friends coffee cafe home cooking food kitchen travel vacation holiday wedding
    fashion yoga morning routine picnic party people couple kids children pet dog cat shopping
    restaurant cozy cosy relax relaxing wellness breakfast dinner street walk walking city weekend
  `),
  technology: wordList(`
    technology tech ai robot robots data digital code coding computer software app futuristic future
    cyber cyberpunk circuit server hologram holographic network smartphone phone chip innovation
    startup virtual vr metaverse spaceship rocket drone electric neon machine quantum interface
    dashboard cloud laptop gadget device sci-fi scifi
  `),
};

/** Lower-case words of a text (letters, digits, inner hyphens and apostrophes). */
export function promptWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []).map((word) =>
    word.replace(/’/g, "'"),
  );
}

export interface CategoryMatch {
  category: PromptCategory;
  /** 0..1: how clearly the words point to it (0 when no keyword matched). */
  confidence: number;
  /** The prompt's words that matched the chosen category, in order. */
  matched: string[];
}

/**
 * The category a prompt belongs to; without any keyword, `fallback` (the planner passes a seeded
 * choice, so a vague prompt still gets a definite look).
 */
export function classifyPrompt(text: string, fallback: PromptCategory = 'abstract'): CategoryMatch {
  const words = promptWords(text);
  let best: CategoryMatch = { category: fallback, confidence: 0, matched: [] };
  let bestScore = 0;
  let total = 0;
  for (const category of PROMPT_CATEGORIES) {
    const keywords = new Set(CATEGORY_KEYWORDS[category]);
    const matched = words.filter((word) => keywords.has(word) || keywords.has(word.replace(/s$/, '')));
    total += matched.length;
    if (matched.length > bestScore) {
      bestScore = matched.length;
      best = { category, confidence: 0, matched };
    }
  }
  if (bestScore === 0) return best;
  return { ...best, confidence: Math.min(1, 0.45 + (0.55 * bestScore) / total) };
}
