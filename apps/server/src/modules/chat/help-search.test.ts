import { describe, expect, it } from 'vitest';
import { HELP_ARTICLES } from './help-articles';
import { HelpIndex, searchTerms } from './help-search';

const index = new HelpIndex(HELP_ARTICLES);

describe('help retrieval', () => {
  it('meets word forms and synonyms on the same terms', () => {
    expect(searchTerms('Uploading photos')).toEqual(searchTerms('upload images'));
    expect(searchTerms('How do I do it?')).toEqual([]);
  });

  it.each([
    ['How do I reset my password?', 'password'],
    ['who can see my videos?', 'privacy'],
    ['Is my data private?', 'privacy'],
    ['how long does rendering take', 'render-time'],
    ['can I use my own voice', 'voice-clone'],
    ['do I lose a credit if a video fails', 'failed-video'],
    ['how do I cancel my subscription', 'billing'],
    ['can I get a refund?', 'billing'],
    ['how do I change my plan', 'billing'],
    ['how do I upgrade', 'upgrade'],
    ['can I add my logo to a video', 'edit-video'],
    ['how do I download my video', 'download'],
    ['how many photos can I put in a video', 'image-to-video'],
    ['How do I make a video from my product photos?', 'image-to-video'],
    ['how do I enhance a product image', 'image-enhancement'],
    ['can I turn my powerpoint into a video', 'slides'],
    ['what is the maximum file size', 'uploads'],
    ['how does chat to video work', 'chat-assistant'],
  ])('%s -> %s', (question, id) => {
    expect(index.best(question, 'customer')?.article.id).toBe(id);
  });

  it('answers nothing it does not know, and nothing for another collection', () => {
    for (const question of ['what is the capital of France', 'banana', 'who won the match yesterday'])
      expect(index.best(question, 'customer'), question).toBeUndefined();
    expect(index.search('reset password', 'partners')).toEqual([]);
    expect(index.collections()).toEqual(['customer']);
  });

  it('ranks the same way every time', () => {
    expect(index.search('video quality and format', 'customer')).toEqual(
      index.search('video quality and format', 'customer'),
    );
  });
});
