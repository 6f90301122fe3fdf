// Storyboards (server module `storyboards`, issue 31): the editor of a video's scenes and settings.
export { StoryboardEditorPage } from './storyboard-editor-page';
