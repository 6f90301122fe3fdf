// The tips dialog of the text-to-video screen (spec 001 section 2): six example categories.

export const TIP_CATEGORIES = [
  {
    name: 'Nature',
    prompt:
      'A misty mountain lake at sunrise, golden light spilling over pine forests, slow aerial drone shot gliding above the calm water',
  },
  {
    name: 'Product',
    prompt:
      'A sleek silver wristwatch rotating on a black marble pedestal, dramatic studio lighting, close-up macro shots of the dial',
  },
  {
    name: 'Action',
    prompt:
      'A mountain biker racing down a rocky trail at high speed, dust flying, dynamic tracking shot with slow-motion jumps',
  },
  {
    name: 'Abstract',
    prompt:
      'Flowing ribbons of neon colour swirling through a dark void, liquid metal textures morphing to an ambient rhythm',
  },
  {
    name: 'Lifestyle',
    prompt:
      'Friends sharing coffee at a sunny café terrace, warm afternoon light, candid laughter, handheld camera feel',
  },
  {
    name: 'Technology',
    prompt:
      'A futuristic city at night with holographic billboards, autonomous cars gliding through illuminated streets, cinematic wide shot',
  },
] as const;

export const PROMPT_HINTS = [
  'Describe the subject, the setting and the mood.',
  'Mention lighting and camera movement (close-up, aerial, slow motion).',
  '10-50 words works best.',
] as const;
