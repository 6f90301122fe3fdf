const TITLE_MAX_CHARACTERS = 80;

/** A library title from a prompt: its first words, cut at a word boundary. Pure. */
export function videoTitleFromPrompt(prompt: string): string {
  const text = prompt.replace(/\s+/g, ' ').trim();
  const characters = Array.from(text);
  if (characters.length <= TITLE_MAX_CHARACTERS) return text;
  const cut = characters.slice(0, TITLE_MAX_CHARACTERS - 1).join('');
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > TITLE_MAX_CHARACTERS / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}
