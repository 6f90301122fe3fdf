import type { HelpArticle } from './help-articles';

/** Words that say nothing about what is asked. */
const STOPWORDS = new Set(
  (
    'a an the and or but of to in on at for with from by about as is are was were be been being am do does did ' +
    'i me my mine you your it its this that these those we our us they them their he she his her can could would ' +
    'should will shall may might must have has had how what when where which who why there here please tell ' +
    'know want need get got so if then than too very just also any some much many more most into out up down ' +
    'not no yes hi hello hey thanks thank reelcraft'
  ).split(' '),
);

/** Words people use for the same thing; each maps to the one the articles use. */
const SYNONYMS: Readonly<Record<string, string>> = {
  photo: 'image',
  picture: 'image',
  pic: 'image',
  pictur: 'image',
  imag: 'image',
  photograph: 'image',
  clip: 'video',
  movie: 'video',
  film: 'video',
  credit: 'video',
  quota: 'video',
  price: 'plan',
  pricing: 'plan',
  cost: 'plan',
  subscription: 'plan',
  subscrib: 'plan',
  billing: 'pay',
  payment: 'pay',
  paid: 'pay',
  login: 'sign',
  signin: 'sign',
  log: 'sign',
  length: 'long',
  duration: 'long',
  second: 'long',
  ppt: 'powerpoint',
  deck: 'slide',
  private: 'privacy',
  privat: 'privacy',
  secure: 'privacy',
  safe: 'privacy',
  voiceover: 'voice',
  render: 'generat',
  creat: 'make',
  produc: 'make',
  mak: 'make',
  fail: 'fail',
  error: 'fail',
  broken: 'fail',
};

/** A light stemmer: enough to meet "uploads", "uploading" and "uploaded" on "upload". */
function stem(word: string): string {
  let result = word;
  for (const suffix of ['ing', 'ed', 'es', 's']) {
    if (result.length > suffix.length + 3 && result.endsWith(suffix)) {
      result = result.slice(0, -suffix.length);
      break;
    }
  }
  if (result.length > 4 && result.endsWith('e')) result = result.slice(0, -1);
  return SYNONYMS[result] ?? SYNONYMS[word] ?? result;
}

/** The searchable terms of a text, in order, stopwords dropped. Pure. */
export function searchTerms(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? [])
    .filter((word) => !STOPWORDS.has(word) && word.length > 1)
    .map(stem);
}

export interface HelpMatch {
  article: HelpArticle;
  /** BM25 score of the article for the query. */
  score: number;
  /** Share of the query's distinct terms the article holds (0..1). */
  coverage: number;
}

interface IndexedArticle {
  article: HelpArticle;
  /** Term -> weighted frequency: the title and the sample questions count twice. */
  frequencies: Map<string, number>;
  length: number;
}

const K1 = 1.2;
const B = 0.75;
/** Below these, the best match is a guess: the assistant says it does not know instead. */
export const HELP_MIN_SCORE = 2;
export const HELP_MIN_COVERAGE = 0.34;

/**
 * Retrieval over the help articles of one collection (BM25 over title, sample questions and answer),
 * built once; `search` is pure and answers the best matches first.
 */
export class HelpIndex {
  private readonly byCollection = new Map<
    string,
    { docs: IndexedArticle[]; documentFrequency: Map<string, number>; averageLength: number }
  >();

  constructor(articles: readonly HelpArticle[]) {
    const groups = new Map<string, HelpArticle[]>();
    for (const article of articles)
      groups.set(article.collection, [...(groups.get(article.collection) ?? []), article]);
    for (const [collection, members] of groups) {
      const docs = members.map((article) => {
        const frequencies = new Map<string, number>();
        const add = (text: string, weight: number) => {
          for (const term of searchTerms(text)) frequencies.set(term, (frequencies.get(term) ?? 0) + weight);
        };
        add(article.title, 2);
        for (const question of article.questions) add(question, 2);
        add(article.answer, 1);
        const length = [...frequencies.values()].reduce((sum, count) => sum + count, 0);
        return { article, frequencies, length };
      });
      const documentFrequency = new Map<string, number>();
      for (const doc of docs)
        for (const term of doc.frequencies.keys())
          documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
      const averageLength = docs.reduce((sum, doc) => sum + doc.length, 0) / Math.max(1, docs.length);
      this.byCollection.set(collection, { docs, documentFrequency, averageLength });
    }
  }

  /** One article of `collection` by id. */
  article(id: string, collection: string): HelpArticle | undefined {
    return this.byCollection.get(collection)?.docs.find((doc) => doc.article.id === id)?.article;
  }

  /** The collections the index holds. */
  collections(): string[] {
    return [...this.byCollection.keys()];
  }

  /** The articles of `collection` that match `query`, best first (none for an unknown collection). */
  search(query: string, collection: string, limit = 3): HelpMatch[] {
    const group = this.byCollection.get(collection);
    const terms = [...new Set(searchTerms(query))];
    if (!group || terms.length === 0) return [];
    const total = group.docs.length;
    const matches = group.docs.map(({ article, frequencies, length }) => {
      let score = 0;
      let matched = 0;
      for (const term of terms) {
        const frequency = frequencies.get(term) ?? 0;
        if (frequency === 0) continue;
        matched += 1;
        const df = group.documentFrequency.get(term) ?? 0;
        const idf = Math.log(1 + (total - df + 0.5) / (df + 0.5));
        score +=
          (idf * frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * length) / group.averageLength));
      }
      return { article, score, coverage: matched / terms.length };
    });
    return matches
      .filter((match) => match.score > 0)
      .sort((a, b) => b.score - a.score || a.article.id.localeCompare(b.article.id))
      .slice(0, limit);
  }

  /** The best match when it is good enough to answer from, else undefined. */
  best(query: string, collection: string): HelpMatch | undefined {
    const [top] = this.search(query, collection, 1);
    return top && top.score >= HELP_MIN_SCORE && top.coverage >= HELP_MIN_COVERAGE ? top : undefined;
  }
}
