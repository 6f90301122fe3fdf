import { describe, expect, it } from 'vitest';
import {
  understandMessage,
  type ConversationFacts,
  type MessageIntent,
  type VideoSlots,
} from './chat-understanding';

// How the assistant reads what customers actually write (issue 36 item 3): one row a message, with the
// conversation it arrives in, the intent expected and the video facts it must (and must not) carry.

const fresh: ConversationFacts = { hasProposal: false, awaitingSubject: false, hasStartedVideo: false };
/** A proposal waits for a yes. */
const proposing: ConversationFacts = { ...fresh, hasProposal: true };
/** "Make me a video" got "What should it show?". */
const awaiting: ConversationFacts = { ...fresh, awaitingSubject: true };
/** The conversation already started a video and nothing waits. */
const afterVideo: ConversationFacts = { ...fresh, hasStartedVideo: true };

const none: VideoSlots = {
  subject: null,
  durationSeconds: null,
  requestedSeconds: null,
  aspect: null,
  style: null,
  detail: null,
  edits: [],
};

type Row = [message: string, facts: ConversationFacts, intent: MessageIntent, slots: Partial<VideoSlots>];

const ROWS: Row[] = [
  // Greetings and the assistant itself.
  ['Hi!', fresh, 'greeting', {}],
  ['good morning', fresh, 'greeting', {}],
  ['What can you do?', fresh, 'capabilities', {}],
  ['help', fresh, 'capabilities', {}],

  // New videos, with lengths, shapes and styles.
  [
    'a 30 second video of a cozy coffee shop on a rainy morning',
    fresh,
    'create_video',
    { subject: 'a cozy coffee shop on a rainy morning', durationSeconds: 30 },
  ],
  [
    'make me a 15 second video of a lighthouse in a storm',
    fresh,
    'create_video',
    { subject: 'a lighthouse in a storm', durationSeconds: 15 },
  ],
  [
    'Can I get a 30 second video of a sunset over the ocean?',
    fresh,
    'create_video',
    { subject: 'a sunset over the ocean', durationSeconds: 30 },
  ],
  [
    'Make a 60 second square video of our new sneakers rotating on a pedestal',
    fresh,
    'create_video',
    { subject: 'our new sneakers rotating on a pedestal', durationSeconds: 60, aspect: '1:1' },
  ],
  [
    'I need a vertical clip for TikTok showing a barista pouring latte art',
    fresh,
    'create_video',
    { subject: 'a barista pouring latte art', aspect: '9:16' },
  ],
  [
    'Generate a 1 minute documentary style video about honey bees',
    fresh,
    'create_video',
    { subject: 'honey bees', durationSeconds: 60, style: 'documentary' },
  ],
  [
    'create a video of a dog surfing, anime style, 9:16',
    fresh,
    'create_video',
    { subject: 'a dog surfing', aspect: '9:16', style: 'anime' },
  ],
  [
    'Please make me a short video about our bakery opening, for Instagram',
    fresh,
    'create_video',
    { subject: 'our bakery opening', aspect: '1:1' },
  ],
  [
    'Can you create a 20 second landscape clip of a mountain lake at dawn?',
    fresh,
    'create_video',
    { subject: 'a mountain lake at dawn', durationSeconds: 15, requestedSeconds: 20, aspect: '16:9' },
  ],
  [
    'a neon city at night with flying cars',
    fresh,
    'create_video',
    { subject: 'a neon city at night with flying cars' },
  ],
  [
    'I want a video of fresh croissants coming out of the oven, watercolour look',
    fresh,
    'create_video',
    { subject: 'fresh croissants coming out of the oven', style: 'watercolor' },
  ],
  ['make me a video', fresh, 'create_video', { subject: null }],
  [
    'create a video of a red fox in snow',
    proposing,
    'create_video',
    { subject: 'a red fox in snow', detail: null },
  ],

  // Follow-ups to a waiting proposal change only what they name and keep the subject.
  [
    'Actually make it vertical for Reels, 15 seconds, and moodier with rain running down the windows',
    proposing,
    'modify_video',
    {
      subject: null,
      durationSeconds: 15,
      aspect: '9:16',
      detail: 'moodier with rain running down the windows',
    },
  ],
  [
    'make it 30 seconds instead',
    proposing,
    'modify_video',
    { subject: null, durationSeconds: 30, detail: null },
  ],
  ['make it square', proposing, 'modify_video', { subject: null, aspect: '1:1', detail: null }],
  ['vertical please', proposing, 'modify_video', { subject: null, aspect: '9:16', detail: null }],
  ['in watercolor style instead', proposing, 'modify_video', { subject: null, style: 'watercolor' }],
  ['make it about a castle instead', proposing, 'modify_video', { subject: 'a castle', detail: null }],
  ['a red fox instead', proposing, 'modify_video', { subject: 'a red fox', detail: null }],
  [
    'more dramatic, at night',
    proposing,
    'modify_video',
    { subject: null, detail: 'more dramatic, at night' },
  ],
  [
    'add some snow and make it darker',
    proposing,
    'modify_video',
    { subject: null, detail: 'with some snow, darker' },
  ],
  ['make it longer', proposing, 'modify_video', { subject: null, detail: null, edits: ['longer'] }],
  ['a bit shorter please', proposing, 'modify_video', { subject: null, detail: null, edits: ['shorter'] }],
  [
    'Actually make it 15 seconds and vertical',
    proposing,
    'modify_video',
    { subject: null, durationSeconds: 15, aspect: '9:16', detail: null },
  ],
  ['a lighthouse on a cliff', awaiting, 'modify_video', { subject: 'a lighthouse on a cliff', detail: null }],

  // Yes and no.
  ['yes', proposing, 'confirm', {}],
  ['go ahead', proposing, 'confirm', {}],
  ['Create this video', proposing, 'confirm', {}],
  ['no thanks', proposing, 'decline', {}],
  ['never mind', proposing, 'decline', {}],

  // Questions go to help, never to a proposal.
  ['How do I make a video from my product photos?', fresh, 'help', {}],
  ['How do I make a video from my product photos?', proposing, 'help', {}],
  ['Can I make a vertical video?', fresh, 'help', {}],
  ['how do I write a good prompt?', fresh, 'help', {}],
  ['can I use my own voice?', fresh, 'help', {}],
  ['Is it possible to upload a PowerPoint?', fresh, 'help', {}],
  ['Where do I find my downloaded videos?', fresh, 'help', {}],
  ['How do I reset my password?', fresh, 'help', {}],
  ['who can see my videos?', fresh, 'help', {}],
  ['how do I add subtitles to my video?', fresh, 'help', {}],
  ['how long does rendering take?', proposing, 'help', {}],

  // Money: plan changes, cancelling, refunds and paying are billing, never the quota.
  ['How do I cancel my subscription or get a refund?', fresh, 'billing', {}],
  ['please cancel my subscription', fresh, 'billing', {}],
  ['I want my money back', fresh, 'billing', {}],
  ['I was charged twice this month', fresh, 'billing', {}],
  ['How do I change my plan?', fresh, 'billing', {}],
  ['I want to upgrade to Business', fresh, 'billing', {}],
  ['Can I pay with PayPal?', fresh, 'billing', {}],
  ['can I get a refund?', proposing, 'billing', {}],

  // The account's numbers and plans.
  ['How many videos do I have left?', fresh, 'quota', {}],
  ['what plan am I on?', fresh, 'quota', {}],
  ['how many videos do I have left?', proposing, 'quota', {}],
  ['What plans do you offer?', fresh, 'plans', {}],
  ['how much is the pro plan?', fresh, 'plans', {}],

  // The library: states and lists.
  ['is my video ready?', afterVideo, 'video_status', {}],
  ['how is the lighthouse video going?', fresh, 'video_status', {}],
  ['show my recent projects', fresh, 'list_projects', {}],
  ['what videos have I made?', fresh, 'list_projects', {}],

  // A change to a video already made goes to its storyboard editor, never to a project list.
  [
    'Make the last video longer and add my logo',
    fresh,
    'edit_video',
    { subject: null, edits: ['longer', 'logo'] },
  ],
  ['Make the last video longer and add my logo', afterVideo, 'edit_video', { edits: ['longer', 'logo'] }],
  ['add music to my video', fresh, 'edit_video', { subject: null, edits: ['music'] }],
  ['can you make my previous video shorter', fresh, 'edit_video', { edits: ['shorter'] }],
  ['change the voice in the video I made yesterday', fresh, 'edit_video', { edits: ['voice'] }],
  ['make it vertical', afterVideo, 'edit_video', { aspect: '9:16', edits: ['shape'] }],
  ['turn the captions off in my last video', proposing, 'edit_video', { edits: ['captions'] }],

  // Off topic.
  ['banana', fresh, 'other', {}],
  ['tell me a joke', fresh, 'other', {}],
  ['what is the capital of France?', fresh, 'help', {}],
];

describe('customer messages', () => {
  it('has enough rows to mean something', () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(50);
  });

  it.each(ROWS)('%s (%o) -> %s %o', (message, facts, intent, slots) => {
    const read = understandMessage(message, facts);
    expect(read.intent).toBe(intent);
    // Only what a row names is checked, over nothing for the intents that carry no video.
    const expected = ['create_video', 'modify_video', 'edit_video'].includes(intent)
      ? slots
      : { ...none, ...slots };
    expect(read.slots).toMatchObject(expected);
  });

  it('never leaves phrasing or a platform name in a follow-up', () => {
    const read = understandMessage(
      'Actually make it vertical for Reels, 15 seconds, and moodier with rain running down the windows',
      proposing,
    );
    expect(read.slots.detail).not.toMatch(/reels|,,|\bfor\b|\bactually\b|\bmake it\b|\bseconds\b/i);
  });
});
