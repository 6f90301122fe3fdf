import { promptWords, type PromptCategory } from '../prompt-categories';

/**
 * What a prompt is about, finer than the six look categories (issue 36 item 16): a travel reel and a
 * family dinner are both "lifestyle" to the scene planner, but an enhanced prompt must add what a
 * travel reel shows (places, streets, viewpoints), not what any scene might have. Pure data.
 */
export const PROMPT_KINDS = [
  'travel',
  'food',
  'product',
  'fashion',
  'event',
  'sport',
  'animals',
  'people',
  'city',
  'home',
  'technology',
  'nature',
  'abstract',
] as const;
export type PromptKind = (typeof PROMPT_KINDS)[number];

const wordList = (words: string): ReadonlySet<string> => new Set(words.split(/\s+/).filter(Boolean));

/** The words that point to each kind; on a tie the kind listed first in PROMPT_KINDS wins. */
const KIND_WORDS: Readonly<Record<PromptKind, ReadonlySet<string>>> = {
  travel: wordList(`
    travel travels traveling travelling traveler traveller trip trips vacation holiday holidays journey
    destination destinations tour tourist tourists touring backpacking backpacker itinerary sightseeing
    getaway abroad passport airport flight hotel resort cruise landmark landmarks wanderlust explore
    exploring road-trip roadtrip honeymoon expedition hostel postcard
  `),
  food: wordList(`
    food foods cooking cook cooks recipe dish dishes meal meals breakfast brunch lunch dinner dessert
    desserts cake cakes pizza pasta burger burgers sushi ramen taco tacos noodles coffee latte espresso
    cappuccino bakery bread croissant pastry pastries chef restaurant cafe bistro cocktail cocktails wine
    tea chocolate salad soup smoothie barbecue bbq grill grilled baking baked street-food snack snacks
    pancakes cheese fruit icecream ice-cream kitchen dumplings curry steak
  `),
  product: wordList(`
    product products bottle watch sneaker sneakers perfume fragrance cosmetic cosmetics packaging brand
    showcase commercial advert advertisement ad unboxing pedestal skincare jewelry jewellery headphones
    earbuds handbag label logo packshot turntable merch lipstick serum cream candle
  `),
  fashion: wordList(`
    fashion outfit outfits dress dresses runway catwalk lookbook clothing clothes streetwear jacket coat
    suit gown denim wardrobe couture boutique model models stylist
  `),
  event: wordList(`
    wedding weddings bride groom party parties birthday concert festival festivals celebration celebrate
    graduation conference ceremony gala anniversary reception dj crowd confetti fireworks
  `),
  sport: wordList(`
    sport sports run running runner race racing chase jump jumping football soccer basketball tennis
    skate skater skateboard skateboarder skateboarding kickflip halfpipe surf surfing surfer bike biking cycling cyclist motorcycle fight
    boxing parkour stunt athlete athletes workout gym sprint dunk match marathon climbing climber ski
    skiing snowboard snowboarding goal training fitness
  `),
  animals: wordList(`
    animal animals pet pets dog dogs puppy puppies cat cats kitten kittens bird birds horse horses fox
    deer wildlife lion lions tiger elephant elephants whale whales dolphin dolphins fish bear bears owl
    butterfly butterflies rabbit bunny parrot penguin penguins wolf squirrel
  `),
  people: wordList(`
    people person portrait woman women man men girl girls boy boys family families friends couple
    couples kids children child baby grandmother grandfather grandma grandpa mother father mom dad
    team colleagues dancer dancers musician musicians artist student students teacher
  `),
  city: wordList(`
    city cities street streets skyline downtown building buildings architecture bridge rooftop rooftops
    subway metro tram traffic alley alleys avenue square plaza urban town old-town neighbourhood
    neighborhood market
  `),
  home: wordList(`
    home house apartment flat interior interiors room bedroom livingroom living-room sofa couch decor
    furniture cozy cosy renovation makeover garden patio balcony
  `),
  technology: wordList(`
    technology tech ai robot robots data digital code coding computer software app apps futuristic
    cyber cyberpunk circuit server servers hologram holographic network smartphone phone chip
    startup virtual vr spaceship rocket electric machine quantum interface dashboard laptop gadget
    device sci-fi scifi
  `),
  nature: wordList(`
    nature forest forests tree trees woods mountain mountains ocean sea beach river lake waterfall
    sunrise sunset sky cloud clouds flower flowers meadow field valley canyon jungle island waves
    aurora moon landscape leaves autumn spring misty mist fog coast hills desert snow rain storm stars
  `),
  abstract: wordList(`
    abstract shapes fluid liquid particles geometric pattern patterns fractal kaleidoscope surreal swirl
    swirling gradient ink smoke morph morphing texture textures psychedelic prism spiral
  `),
};

/** The kind a prompt without any of the words gets: the one closest to its look category. */
const KIND_OF_CATEGORY: Readonly<Record<PromptCategory, PromptKind>> = {
  nature: 'nature',
  product: 'product',
  action: 'sport',
  abstract: 'abstract',
  lifestyle: 'people',
  technology: 'technology',
};

/** The kind of a prompt: the one most of its words point to; `category`'s kind when none does. */
export function promptKind(prompt: string, category: PromptCategory): PromptKind {
  const words = promptWords(prompt);
  let best: PromptKind = KIND_OF_CATEGORY[category];
  let bestScore = 0;
  for (const kind of PROMPT_KINDS) {
    const keywords = KIND_WORDS[kind];
    const score = words.filter((word) => keywords.has(word) || keywords.has(word.replace(/s$/, ''))).length;
    if (score > bestScore) [best, bestScore] = [kind, score];
  }
  return best;
}

export interface KindVocabulary {
  /**
   * What a scene of this kind shows, concretely; `{place}` is the place the prompt names ("Lisbon")
   * or the kind's word for it ("the destination").
   */
  details: readonly string[];
  cameras: readonly string[];
  lighting: readonly string[];
  styles: readonly string[];
  /** Said instead of `{place}` when the prompt names none. */
  place: string;
}

/** What a good video prompt adds per kind: specific detail, camera, lighting and style. */
export const KIND_VOCABULARY: Readonly<Record<PromptKind, KindVocabulary>> = {
  travel: {
    place: 'the destination',
    details: [
      'opening on a sweeping view of {place}, then its narrow streets, local market stalls and landmarks',
      'moving from arrival at {place} to street food, winding old lanes and a hilltop viewpoint',
      'with quick glimpses of {place}: a landmark, a busy local market, a scenic viewpoint and a café terrace',
    ],
    cameras: [
      'sweeping drone reveal followed by a first-person walk through the streets',
      'smooth gimbal shots with whip-pan transitions between locations',
      'wide establishing shot, then handheld close-ups of local details',
    ],
    lighting: ['bright late-afternoon sun', 'golden-hour light over the rooftops', 'soft blue-hour glow'],
    styles: [
      'vibrant travel-reel edit with punchy cuts, true-to-life colours',
      'wanderlust travel film look, crisp 4K detail',
      'fast-paced vertical reel rhythm, vivid and sunny',
    ],
  },
  food: {
    place: 'the table',
    details: [
      'with its textures, toppings and glossy surfaces sharp in close-up',
      'showing hands serving it onto a plate, then a first bite',
      'with fresh ingredients laid out on the counter before the finished dish is revealed',
    ],
    cameras: [
      'overhead top-down shot of the table',
      'slow macro push-in on the textures',
      'smooth 45-degree slider shot across the plate',
    ],
    lighting: [
      'soft side window light with gentle shadows',
      'warm restaurant light',
      'bright natural daylight',
    ],
    styles: [
      'mouth-watering food commercial style, rich appetising colours',
      'rustic food-blog aesthetic, shallow depth of field',
      'crisp cooking-show look, 4K detail',
    ],
  },
  product: {
    place: 'the set',
    details: [
      'presented on a minimal pedestal with clean reflections',
      'with crisp material details and subtle highlights on its edges',
      'rotating slowly to reveal its shape, finish and logo',
    ],
    cameras: [
      'slow 360-degree orbit around the product',
      'smooth macro push-in on the details',
      'steady turntable shot with a gentle dolly',
    ],
    lighting: [
      'soft studio lighting with a bright rim light',
      'high-key lighting on a seamless backdrop',
      'dramatic spotlight with soft gradients',
    ],
    styles: [
      'premium commercial look, sharp focus, elegant minimalism',
      'sleek advertising style with clean composition',
      'luxury brand aesthetic, polished and modern',
    ],
  },
  fashion: {
    place: 'the runway',
    details: [
      'showing fabric texture, stitching and how the outfit moves with each step',
      'with the garment catching the wind and close-ups of buttons, seams and accessories',
      'as the model turns to show the cut, the fit and the fabric folds',
    ],
    cameras: [
      'slow-motion tracking shot along the runway',
      'full-length gimbal shot circling the model',
      'low-angle dolly shot rising to a close-up',
    ],
    lighting: [
      'crisp editorial flash lighting',
      'soft beauty light with a gentle rim',
      'warm golden-hour backlight',
    ],
    styles: [
      'high-fashion editorial look, refined colour grading',
      'glossy magazine campaign style, sharp detail',
      'modern lookbook aesthetic, clean and minimal',
    ],
  },
  event: {
    place: 'the venue',
    details: [
      'with raised glasses, string lights and confetti drifting over the guests',
      'capturing cheering guests, hugs and heartfelt speeches',
      'with the crowd clapping, music playing and lights sweeping over the dance floor',
    ],
    cameras: [
      'handheld gimbal shot moving through the guests',
      'slow-motion close-ups of faces and hands',
      'wide shot of the celebration, then a slow push-in on the main moment',
    ],
    lighting: ['warm fairy-light glow', 'colourful stage lights with haze', 'soft evening light with bokeh'],
    styles: [
      'joyful celebration film style, warm tones',
      'documentary wedding-film look, soft contrast',
      'energetic event recap edit, vivid colours',
    ],
  },
  sport: {
    place: 'the field',
    details: [
      'full of speed, sweat and flying dust at the decisive moment',
      'with powerful strides, tense muscles and split-second reactions',
      'pushing to the limit as the crowd rises',
    ],
    cameras: [
      'fast tracking shot with dynamic handheld energy',
      'low-angle follow camera with quick whip pans',
      'high-speed slow-motion close-up',
    ],
    lighting: [
      'high-contrast sunlight with bold shadows',
      'dramatic backlight with flying particles',
      'punchy stadium lighting',
    ],
    styles: [
      'intense cinematic sports style, vivid colours',
      'energetic trailer look with motion blur',
      'gritty and kinetic, crisp detail',
    ],
  },
  animals: {
    place: 'its home',
    details: [
      'with its eyes, ears and every small movement sharp in focus',
      'as it sniffs, pauses and looks straight into the lens',
      'following its playful moves and quick glances around',
    ],
    cameras: [
      'low camera at the animal’s eye level',
      'long-lens tracking shot keeping a respectful distance',
      'slow push-in to a close-up of its face',
    ],
    lighting: ['soft natural daylight', 'warm golden-hour backlight', 'gentle overcast light'],
    styles: [
      'wildlife documentary style, rich natural colours',
      'playful pet-film look, shallow depth of field',
      'photorealistic 4K detail, calm mood',
    ],
  },
  people: {
    place: 'the room',
    details: [
      'focusing on faces, hands and gestures as they talk and laugh',
      'with expressive close-ups and the small reactions between them',
      'moving naturally through the scene, caught mid-laugh and mid-sentence',
    ],
    cameras: [
      'handheld eye-level camera with a natural sway',
      'smooth gimbal shot following them',
      'slow push-in to a medium close-up',
    ],
    lighting: [
      'warm natural window light',
      'soft afternoon sunlight',
      'golden evening glow with gentle bokeh',
    ],
    styles: [
      'authentic documentary portrait style, warm tones',
      'airy and bright editorial style',
      'cinematic storytelling look, soft contrast',
    ],
  },
  city: {
    place: 'the city',
    details: [
      'with traffic light trails, lit windows and people crossing busy streets',
      'with reflections on glass facades, passing trams and crowded sidewalks',
      'from rooftop skyline views down to street signs, cafés and cyclists',
    ],
    cameras: [
      'sweeping drone shot over the skyline',
      'timelapse from a rooftop, then a street-level walk',
      'smooth tracking shot along the avenue',
    ],
    lighting: [
      'neon-lit night with wet reflections',
      'golden-hour light between the buildings',
      'blue-hour city glow',
    ],
    styles: [
      'cinematic urban film look, rich contrast',
      'vibrant city-guide edit, crisp 4K detail',
      'moody street-photography style',
    ],
  },
  home: {
    place: 'the home',
    details: [
      'with linen textures, plants by the window and warm wooden furniture',
      'showing each room in turn: the sofa, the kitchen counter and a made bed',
      'with a steaming mug on the table and light falling across the floor',
    ],
    cameras: [
      'slow gimbal walk-through from room to room',
      'smooth wide-angle slider shot',
      'gentle push-in on the interior details',
    ],
    lighting: ['soft morning window light', 'warm lamp light in the evening', 'bright airy daylight'],
    styles: [
      'interior design magazine look, calm neutral palette',
      'warm home-tour style, soft contrast',
      'clean architectural photography style',
    ],
  },
  technology: {
    place: 'the lab',
    details: [
      'surrounded by glowing interfaces and flowing data',
      'with precise mechanical detail and clean lines',
      'connected by streams of light and digital particles',
    ],
    cameras: [
      'slow dolly shot through the scene',
      'smooth crane move revealing the whole system',
      'sleek macro slide across the surfaces',
    ],
    lighting: [
      'cool blue and cyan neon lighting',
      'clean futuristic lighting with soft reflections',
      'holographic glow in a dark space',
    ],
    styles: [
      'futuristic sci-fi style, high-tech and polished',
      'sleek product-film aesthetic, crisp 4K detail',
      'cyberpunk mood with deep contrast',
    ],
  },
  nature: {
    place: 'the landscape',
    details: [
      'with layers of hills, water and trees receding into a soft haze',
      'where wind ripples the water and moves through grass and leaves',
      'with clouds drifting over the horizon and light shifting across the land',
    ],
    cameras: [
      'slow aerial drone shot gliding over the landscape',
      'smooth tracking shot at eye level',
      'gentle push-in from a wide establishing view',
    ],
    lighting: [
      'warm golden-hour backlight',
      'soft diffused morning light',
      'glowing sunset light with long shadows',
    ],
    styles: [
      'cinematic nature documentary style, rich natural colours',
      'serene and immersive mood, shallow depth of field',
      'photorealistic 4K detail, calm atmosphere',
    ],
  },
  abstract: {
    place: 'the frame',
    details: [
      'made of flowing shapes that morph and blend',
      'with swirling colours folding into each other',
      'where soft geometry drifts and reassembles',
    ],
    cameras: [
      'slow floating camera drifting through the forms',
      'smooth continuous zoom into the patterns',
      'gentle rotating camera move',
    ],
    lighting: [
      'luminous gradients and soft glow',
      'iridescent light with gentle bloom',
      'neon accents over deep shadows',
    ],
    styles: [
      'dreamlike motion-graphics style, seamless loop feel',
      'surreal and hypnotic, rich saturated palette',
      'elegant minimal art style, smooth transitions',
    ],
  },
};

/**
 * The place a prompt names, when it writes it as a name after "in", "to", "of"...: "Lisbon" in
 * "a travel reel of Lisbon", "New York" in "a weekend in New York". Null when it names none.
 */
export function namedPlace(prompt: string): string | null {
  const match =
    /\b(?:in|to|of|through|around|across|at|from|visiting)\s+((?:[A-Z][\p{L}'’-]+)(?:\s+[A-Z][\p{L}'’-]+)*)/u.exec(
      prompt,
    );
  return match?.[1] ?? null;
}
