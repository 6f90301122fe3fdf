import { estimateNarrationSeconds } from '@reelcraft/contract';
import { describe, expect, it } from 'vitest';
import { testScene, testStoryboard } from '../../test/storyboard-data';
import {
  COALESCE_MS,
  contentOf,
  editorReducer,
  hasUnsavedChanges,
  initialEditorState,
  type EditorAction,
} from './editor-state';
import { addScene, followedSeconds, moveScene, setNarration, updateScene } from './scene-edits';
import { validateContent } from './storyboard-validation';
import { renderSummary } from './render-summary';

const typing = (text: string, at: number): EditorAction => ({
  type: 'edit',
  key: 'narration:scene-1',
  at,
  update: (content) => updateScene(content, 'scene-1', (scene) => setNarration(scene, text)),
});

describe('editor state', () => {
  it('joins a run of edits of one field into one Undo step, and keeps only changed fields in a patch', () => {
    let state = initialEditorState(testStoryboard());
    state = editorReducer(state, typing('A', 1_000));
    state = editorReducer(state, typing('AB', 1_000 + COALESCE_MS - 1));
    state = editorReducer(state, typing('ABC', 1_000 + 3 * COALESCE_MS));
    expect(state.past).toHaveLength(2);
    expect(Object.keys(state.past[0]!.after)).toEqual(['scenes']);
    state = editorReducer(state, { type: 'undo' });
    expect(state.content.scenes[0]!.narration).toBe('AB');
    state = editorReducer(state, { type: 'undo' });
    expect(hasUnsavedChanges(state)).toBe(false);
  });

  it('takes the server copy after a save, unless the content was edited while it ran', () => {
    const storyboard = testStoryboard();
    let state = editorReducer(initialEditorState(storyboard), typing('One', 1));
    const sent = state.content;
    const answer = { ...storyboard, ...sent, version: 4 };
    const untouched = editorReducer(state, { type: 'saved', storyboard: answer, sent });
    expect(untouched.saved.version).toBe(4);
    expect(hasUnsavedChanges(untouched)).toBe(false);

    state = editorReducer(state, typing('One two', 2));
    const edited = editorReducer(state, { type: 'saved', storyboard: answer, sent });
    expect(edited.content.scenes[0]!.narration).toBe('One two');
    expect(hasUnsavedChanges(edited)).toBe(true);
  });

  it('takes a newer version read from the server only when nothing is unsaved', () => {
    const storyboard = testStoryboard();
    const newer = { ...storyboard, version: 5, title: 'Elsewhere' };
    const clean = editorReducer(initialEditorState(storyboard), { type: 'refreshed', storyboard: newer });
    expect(clean.content.title).toBe('Elsewhere');
    const dirty = editorReducer(editorReducer(initialEditorState(storyboard), typing('Mine', 1)), {
      type: 'refreshed',
      storyboard: newer,
    });
    expect(dirty.content.scenes[0]!.narration).toBe('Mine');
    expect(dirty.saved.version).toBe(3);
  });

  it('replaces the content with another version as one undoable step', () => {
    const storyboard = testStoryboard();
    let state = editorReducer(initialEditorState(storyboard), typing('Mine', 1));
    const other = { ...storyboard, version: 4, title: 'Theirs' };
    state = editorReducer(state, { type: 'replace', storyboard: other, at: 2 });
    expect(state.content).toEqual(contentOf(other));
    state = editorReducer(state, { type: 'undo' });
    expect(state.content.scenes[0]!.narration).toBe('Mine');
    expect(state.saved.version).toBe(4);
  });
});

describe('scene edits and checks', () => {
  it('lets a scene that is not fixed follow its narration, within the scene bounds', () => {
    expect(followedSeconds('')).toBe(3);
    expect(followedSeconds('', 7)).toBe(7);
    expect(followedSeconds('one two three four five')).toBe(
      estimateNarrationSeconds('one two three four five'),
    );
    expect(followedSeconds('word '.repeat(200))).toBe(30);
  });

  it('adds a silent scene in the last scene’s place and moves scenes', () => {
    const content = contentOf(testStoryboard());
    const added = addScene(content, 'new-1');
    expect(added.scenes.at(-1)).toMatchObject({ id: 'new-1', narration: '', duration_seconds: 3 });
    expect(added.scenes.at(-1)!.visual).toMatchObject({ setting: 'forest', subjects: [] });
    expect(moveScene(added, 3, 0).scenes.map((scene) => scene.id)[0]).toBe('new-1');
    expect(added.scenes.at(-1)!.visual.prompt).toBeNull();
  });

  it('gives a scene added where the scenes have prompts an empty one, to write or leave to its fields', () => {
    const content = contentOf(testStoryboard());
    const last = content.scenes.at(-1)!;
    const prompted = {
      ...content,
      scenes: [
        ...content.scenes.slice(0, -1),
        { ...last, visual: { ...last.visual, prompt: 'A lake at dusk.' } },
      ],
    };
    expect(addScene(prompted, 'new-1').scenes.at(-1)!.visual.prompt).toBe('');
  });

  it('checks the content with the contract and the whole length', () => {
    const content = contentOf(testStoryboard());
    expect(validateContent(content).size).toBe(0);
    const errors = validateContent({
      ...content,
      title: ' ',
      scenes: Array.from({ length: 7 }, (_, index) =>
        testScene({ id: `s${index}`, duration_fixed: true, duration_seconds: 30 }),
      ),
    });
    expect(errors.get('title')).toMatch(/title/);
    expect(errors.get('duration')).toBe('A video can be at most 3 minutes long.');
  });

  it('words the render from the saved storyboard', () => {
    expect(renderSummary(testStoryboard()).label).toBe('Render · 3 scenes · uses 1 video');
    const rendered = testStoryboard({ video_id: 'v', rendered_version: 3 });
    expect(renderSummary({ ...rendered, pending_render: { scene_ids: [], videos_cost: 0 } })).toMatchObject({
      label: 'Nothing to render',
      needed: false,
    });
    expect(
      renderSummary({
        ...rendered,
        version: 4,
        pending_render: { scene_ids: ['scene-2', 'scene-3'], videos_cost: 0 },
      }),
    ).toMatchObject({ label: 'Render changes · 2 of 3 scenes · free', detail: '2 scenes render again' });
  });
});
