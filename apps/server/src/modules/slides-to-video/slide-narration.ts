import type { TextProvider } from '../../providers';

/** Spoken narrations stay short: a slide is on screen for its narration. */
const MAX_WORDS = 70;

const clean = (line: string) =>
  line
    .replace(/^[\s•·▪◦‣\-–—*>]+/u, '')
    .replace(/^\d{1,2}[.)]\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();

/** A line that is only a page number, a date or a URL is not read out. */
const worthSaying = (line: string) =>
  /\p{L}/u.test(line) &&
  !/^(page|slide)?\s*\d+(\s*(\/|of)\s*\d+)?$/i.test(line) &&
  !/^https?:\/\//i.test(line);

const sentence = (text: string) => (/[.!?:]$/.test(text) ? text : `${text}.`);

/** Words English always writes with a capital: the months, the days and "I". */
const ALWAYS_CAPITALISED = new Set([
  ...['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september'],
  ...['october', 'november', 'december', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
  ...['saturday', 'sunday', 'i', "i'm", "i've", "i'll", "i'd"],
]);

const wordAt = (text: string, at: number) => /^[\p{L}'’]+/u.exec(text.slice(at))?.[0] ?? '';

/**
 * The capitalised words of a slide that are names: those written with a capital inside a line
 * ("Launch in Spain"), so a bullet starting with one keeps it ("Spain comes next").
 */
function namesIn(lines: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const line of lines)
    for (const match of line.matchAll(/(?<=\s)[A-Z][\p{Ll}'’]+/gu)) names.add(match[0].toLowerCase());
  return names;
}

/**
 * Lower-cases the first letter of a bullet inside a sentence ("..., and launch in Spain"), unless it
 * starts an acronym, a name (a word the slide capitalises elsewhere, or one followed by another
 * capitalised word: "New York"), a month, a day or "I" (issue 36 item 9: "october:" was read out).
 */
function inSentence(text: string, names: ReadonlySet<string>): string {
  if (!/^[A-Z][a-z]/.test(text)) return text;
  const first = wordAt(text, 0).toLowerCase().replace(/’/g, "'");
  const nextIsCapitalised = /^[\p{L}'’]+\s+[A-Z]/u.test(text);
  if (ALWAYS_CAPITALISED.has(first) || names.has(first) || nextIsCapitalised) return text;
  return text[0]!.toLowerCase() + text.slice(1);
}

/**
 * A narration written offline from a slide's text: its title, then its points as one spoken
 * sentence ("Quarterly results. Revenue grew 24 percent, and two new markets opened."). Pure.
 */
export function narrationFromSlideText(text: string): string {
  const lines = text.split('\n').map(clean).filter(worthSaying);
  if (lines.length === 0) return '';
  const [title, ...points] = lines as [string, ...string[]];
  const names = namesIn(lines);
  const parts = [sentence(title)];
  if (points.length === 1) parts.push(sentence(points[0]!));
  if (points.length > 1) {
    const last = points[points.length - 1]!;
    const head = points.slice(0, -1).map((point, index) => (index === 0 ? point : inSentence(point, names)));
    parts.push(sentence(`${head.join(', ')}, and ${inSentence(last, names)}`.replace(/[.;]+,/g, ',')));
  }
  const words = parts.join(' ').split(' ');
  return words.length <= MAX_WORDS
    ? words.join(' ')
    : sentence(
        words
          .slice(0, MAX_WORDS)
          .join(' ')
          .replace(/[,;:]$/, ''),
      );
}

/**
 * Proposes a slide's narration: a text model writes it when one is configured; offline (and if the
 * model fails) it is written from the slide's own lines.
 */
export function createSlideNarrator(text: Pick<TextProvider, 'kind' | 'complete'>) {
  return async (slideText: string): Promise<string> => {
    const offline = narrationFromSlideText(slideText);
    // The local text provider's completion improves video prompts; it does not write narration.
    if (text.kind === 'local' || !offline) return offline;
    try {
      const written = await text.complete({
        prompt:
          'Write what a presenter says over this slide: two or three short spoken sentences, in the ' +
          'language of the slide, without reading out bullet symbols or page numbers. Answer with the ' +
          `narration only.\n\nSlide:\n${slideText}`,
      });
      return written.text.trim() || offline;
    } catch {
      return offline;
    }
  };
}

export type SlideNarrator = ReturnType<typeof createSlideNarrator>;
