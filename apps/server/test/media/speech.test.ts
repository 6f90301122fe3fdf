import { FALLBACK_VOICE_IDS } from '@reelcraft/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brightnessOf, measureSpeech } from '../../src/media/speech-analysis';
import { decodeWav, encodeWav, type PcmAudio } from '../../src/media/wav';
import { matchBrightness } from '../../src/media/speech-finishing';
import { createTestProviders } from './media-test-kit';

type TestProviders = Awaited<ReturnType<typeof createTestProviders>>;

const SAMPLE =
  'Hello, this is my own voice. I am recording a short sample so the studio can learn how I sound.';
const pitchOf = (audio: Buffer) => measureSpeech(decodeWav(audio)).medianPitchHz ?? 0;

describe('offline speech', () => {
  let providers: TestProviders;
  beforeAll(async () => {
    providers = await createTestProviders();
  });
  afterAll(() => providers.dispose());

  it('lists the eight built-in voices by name, with gender and accent', async () => {
    const voices = await providers.speech.listVoices();
    expect(voices.map((voice) => voice.id).sort()).toEqual([...FALLBACK_VOICE_IDS].sort());
    expect(voices.map((voice) => voice.name)).toEqual([...voices.map((voice) => voice.name)].sort());
    expect(
      voices.every(
        (voice) => voice.category === 'premade' && voice.gender && voice.accent && voice.description,
      ),
    ).toBe(true);
    expect(voices.find((voice) => voice.id === 'rachel')).toMatchObject({
      gender: 'female',
      accent: 'american',
    });
  });

  it('speaks in distinct voices: the female voices higher than the male ones', async () => {
    const text = 'The quick brown fox jumps over the lazy dog.';
    const pitches = new Map<string, number>();
    for (const id of FALLBACK_VOICE_IDS) {
      const speech = await providers.speech.synthesize({ text, voiceId: id });
      expect(speech.contentType).toBe('audio/wav');
      expect(speech.durationSeconds).toBeGreaterThan(1);
      pitches.set(id, pitchOf(speech.audio));
    }
    const lowestFemale = Math.min(...['rachel', 'domi', 'bella'].map((id) => pitches.get(id) ?? 0));
    const highestMale = Math.max(
      ...['antoni', 'josh', 'arnold', 'adam', 'sam'].map((id) => pitches.get(id) ?? 0),
    );
    expect(lowestFemale).toBeGreaterThan(highestMale * 1.3);
    expect(new Set([...pitches.values()].map(Math.round)).size).toBe(8);
  });

  it('follows the voice settings and says the same thing the same way', async () => {
    const text = 'Settings change how this sentence sounds.';
    const plain = await providers.speech.synthesize({ text, voiceId: 'antoni' });
    const again = await providers.speech.synthesize({ text, voiceId: 'antoni' });
    const styled = await providers.speech.synthesize({
      text,
      voiceId: 'antoni',
      settings: { style: 1, stability: 0 },
    });
    expect(again.audio.equals(plain.audio)).toBe(true);
    expect(styled.durationSeconds).toBeLessThan(plain.durationSeconds);
    expect(pitchOf(styled.audio)).toBeGreaterThan(pitchOf(plain.audio));
    await expect(providers.speech.synthesize({ text: ' ', voiceId: 'antoni' })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(providers.speech.synthesize({ text, voiceId: 'nobody' })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('clones a voice from a sample: the clone speaks closer to the sample than the default voice', async () => {
    const deepSample = (await providers.speech.synthesize({ text: SAMPLE, voiceId: 'adam' })).audio;
    const highSample = (await providers.speech.synthesize({ text: SAMPLE, voiceId: 'bella' })).audio;
    const deep = await providers.speech.cloneVoice({
      ownerId: 'user-1',
      name: 'My deep voice',
      audio: deepSample,
      labels: { accent: 'british' },
    });
    const high = await providers.speech.cloneVoice({
      ownerId: 'user-1',
      name: 'My high voice',
      audio: highSample,
    });
    expect(deep).toMatchObject({ gender: 'male', clone: { providerVoiceId: null } });
    expect(high.gender).toBe('female');
    expect(deep.message).toMatch(/Hz average pitch/);
    // Clones are the voices module's: the provider lists only its own voices.
    expect((await providers.speech.listVoices()).every((voice) => voice.category === 'premade')).toBe(true);

    // Speech with a clone sounds like its sample: the pitch lands near the sample's (and, for a
    // sample far from the default voice, nearer than the default voice's does).
    const line = 'Now I speak with the cloned voice.';
    const distance = (audio: Buffer, sample: Buffer) => Math.abs(Math.log(pitchOf(audio) / pitchOf(sample)));
    const speak = async (voiceId: string, clone?: typeof deep.clone) =>
      (await providers.speech.synthesize({ text: line, voiceId, ...(clone ? { clone } : {}) })).audio;
    const byDefault = await speak('rachel');
    const deepClone = await speak('clone-deep', deep.clone);
    expect(distance(deepClone, deepSample)).toBeLessThan(Math.log(1.25));
    expect(distance(deepClone, deepSample)).toBeLessThan(distance(byDefault, deepSample) / 2);
    expect(distance(await speak('clone-high', high.clone), highSample)).toBeLessThan(Math.log(1.25));
    // A clone made elsewhere (a vendor's) cannot be spoken by the local engine.
    await expect(
      providers.speech.synthesize({
        text: 'Hi',
        voiceId: 'clone-y',
        clone: { providerVoiceId: 'vendor-1', profile: null },
      }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('gives a clone the brightness of its sample (a bright recording makes a bright clone)', async () => {
    const plain = decodeWav((await providers.speech.synthesize({ text: SAMPLE, voiceId: 'josh' })).audio);
    const base = brightnessOf(plain);
    // A recording at espeak's rate (what a clone sample is measured at), brighter or darker.
    const recording = (factor: number) => {
      const copy = {
        sampleRate: plain.sampleRate,
        channels: plain.channels.map((channel) => channel.slice()),
      };
      matchBrightness(copy, base * factor);
      return copy;
    };
    const bright = recording(1.6);
    const dark = recording(0.6);
    const cloneOf = async (sample: PcmAudio) =>
      (await providers.speech.cloneVoice({ ownerId: 'u', name: 'x', audio: encodeWav(sample) })).clone;
    const speakWith = async (clone: Awaited<ReturnType<typeof cloneOf>>) =>
      brightnessOf(
        decodeWav(
          (await providers.speech.synthesize({ text: 'A new line to say.', voiceId: 'clone-b', clone }))
            .audio,
        ),
      );
    const brightClone = await speakWith(await cloneOf(bright));
    const darkClone = await speakWith(await cloneOf(dark));
    // Measured on the 44.1 kHz output, the clone sits nearer its bright sample than the voice the
    // sample was made from, and a bright sample makes a clearly brighter clone than a dark one.
    expect(Math.abs(brightClone - brightnessOf(bright))).toBeLessThan(
      Math.abs(base - brightnessOf(bright)) * 0.75,
    );
    expect(brightClone).toBeGreaterThan(darkClone * 1.1);
  });

  it('refuses samples that are not speech audio', async () => {
    await expect(
      providers.speech.cloneVoice({ ownerId: 'u', name: 'x', audio: Buffer.from('not audio at all') }),
    ).rejects.toMatchObject({
      code: 'unsupported_media',
    });
    const silence = Buffer.alloc(44 + 16_000 * 2 * 3);
    silence.write('RIFF', 0, 'ascii');
    silence.writeUInt32LE(silence.length - 8, 4);
    silence.write('WAVEfmt ', 8, 'ascii');
    silence.writeUInt32LE(16, 16);
    silence.writeUInt16LE(1, 20);
    silence.writeUInt16LE(1, 22);
    silence.writeUInt32LE(16_000, 24);
    silence.writeUInt32LE(32_000, 28);
    silence.writeUInt16LE(2, 32);
    silence.writeUInt16LE(16, 34);
    silence.write('data', 36, 'ascii');
    silence.writeUInt32LE(silence.length - 44, 40);
    await expect(
      providers.speech.cloneVoice({ ownerId: 'u', name: 'x', audio: silence }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
