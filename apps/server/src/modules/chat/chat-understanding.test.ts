import { describe, expect, it } from 'vitest';
import { fillSlots, understandMessage, type ConversationFacts } from './chat-understanding';

const fresh: ConversationFacts = { hasProposal: false, awaitingSubject: false, hasStartedVideo: false };
const proposing: ConversationFacts = { ...fresh, hasProposal: true };

describe('slot filling', () => {
  it('reads subject, duration, shape and style from a request', () => {
    expect(fillSlots('make me a 15 second video of a lighthouse in a storm')).toEqual({
      subject: 'a lighthouse in a storm',
      durationSeconds: 15,
      requestedSeconds: null,
      aspect: null,
      style: null,
      detail: null,
      edits: [],
    });
    expect(
      fillSlots('Create a vertical 30-second video about fresh croissants in anime style'),
    ).toMatchObject({
      subject: 'fresh croissants',
      durationSeconds: 30,
      aspect: '9:16',
      style: 'anime',
    });
    expect(fillSlots('a one minute square clip of a city at night, watercolour look')).toMatchObject({
      subject: 'a city at night',
      durationSeconds: 60,
      aspect: '1:1',
      style: 'watercolor',
    });
  });

  it('snaps other lengths to the ones offered and remembers what was asked', () => {
    expect(fillSlots('make it 20 seconds')).toMatchObject({ durationSeconds: 15, requestedSeconds: 20 });
    expect(fillSlots('2 minutes of waves')).toMatchObject({ durationSeconds: 60, requestedSeconds: 120 });
    expect(fillSlots('half a minute of rain')).toMatchObject({ durationSeconds: 30, requestedSeconds: null });
    expect(fillSlots('for tiktok')).toMatchObject({ aspect: '9:16' });
    expect(fillSlots('16:9 please')).toMatchObject({ aspect: '16:9' });
  });

  it('finds no subject in a change of length', () => {
    expect(fillSlots('make it 30 seconds instead').subject).toBeNull();
  });
});

describe('intent', () => {
  it.each([
    ['make me a 15 second video of a lighthouse in a storm', 'create_video'],
    ['Can you create a clip about my bakery?', 'create_video'],
    ['a neon city at night with flying cars', 'create_video'],
    ['How many videos do I have left?', 'quota'],
    ['what plan am I on', 'quota'],
    ['Is my video ready?', 'video_status'],
    ["what's the status of the lighthouse video", 'video_status'],
    ['show my recent projects', 'list_projects'],
    ['What plans do you offer?', 'plans'],
    ['how much does the business plan cost', 'plans'],
    ['How do I reset my password?', 'help'],
    ['hello', 'greeting'],
    ['What can you do?', 'capabilities'],
    ['help', 'capabilities'],
    ['banana', 'other'],
  ])('%s -> %s', (message, intent) => {
    expect(understandMessage(message, fresh).intent).toBe(intent);
  });

  it('reads a yes as a confirmation and a no as a decline only as such', () => {
    for (const yes of ['yes', 'Yes please', 'go ahead', 'ok, do it', 'Create this video', 'sounds good!']) {
      expect(understandMessage(yes, proposing), yes).toMatchObject({ intent: 'confirm' });
    }
    expect(understandMessage('yes', proposing).confidence).toBeGreaterThan(
      understandMessage('yes', fresh).confidence,
    );
    for (const no of ['no', 'cancel', 'never mind', 'not now, thanks']) {
      expect(understandMessage(no, proposing).intent, no).toBe('decline');
    }
  });

  it('reads a follow-up as a change of the waiting proposal', () => {
    expect(understandMessage('make it 30 seconds instead', proposing)).toMatchObject({
      intent: 'modify_video',
      slots: { durationSeconds: 30, subject: null },
    });
    expect(understandMessage('vertical please', proposing).intent).toBe('modify_video');
    expect(understandMessage('more dramatic, at night', proposing).intent).toBe('modify_video');
    expect(understandMessage('make it about a castle instead', proposing)).toMatchObject({
      intent: 'modify_video',
      slots: { subject: 'a castle' },
    });
    // A new request with its own subject starts over; a question is still a question.
    expect(understandMessage('create a video of a red fox in snow', proposing).intent).toBe('create_video');
    expect(understandMessage('how many videos do I have left?', proposing).intent).toBe('quota');
  });
});
