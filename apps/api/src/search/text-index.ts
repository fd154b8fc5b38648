/**
 * An inverted index of normalised text (words of letters and digits separated by single spaces, as
 * cuview_norm() makes them) over a few weighted fields, in typed arrays: what SearchIndex holds
 * in memory (SEARCH_ENGINE=memory). Pure: no I/O, no Nest.
 *
 * Why not a library: on the bench catalogue (100,000 videos, every word in some 5% of the
 * descriptions) MiniSearch took 40-170 ms a query and FlexSearch 40-80 ms without edit-distance
 * typos, both slower than Postgres's own 26 ms, because they keep postings in maps and score every
 * match. Here a posting is one integer and a query intersects them (README, "Scale").
 */

/** Where a word was found, a bit each; a document's weight for a word is its best field's. */
export const FIELDS = ['title', 'artists', 'composers', 'description'] as const;
export type Field = (typeof FIELDS)[number];
const FIELD_WEIGHT = [3, 2, 2, 1];
const FIELD_BITS = 4;
/** Slots fit below this (2^26: 67 million documents, replacements included). */
const SLOT_RANGE = 2 ** 26;
/** The weight of each combination of field bits: its best field's. */
const FIELD_WEIGHT_OF_BITS = Array.from({ length: 1 << FIELD_BITS }, (_, bits) =>
  Math.max(0, ...FIELD_WEIGHT.filter((_, f) => bits & (1 << f))),
);
/** A word as typed weighs most; completing the last word less; a close spelling least. */
const EXACT = 1;
const COMPLETED = 0.75;
const CLOSE = 0.5;

/**
 * Edits allowed to a word by its length: shorter words are matched as typed (one edit turns
 * them into too many others); two from six letters, so that a swap ("wombta") is found.
 */
function editsAllowed(word: string): number {
  return word.length >= 6 ? 2 : word.length >= 4 ? 1 : 0;
}

/** Whether a and b are at most `max` edits apart (Levenshtein, stopping once a row exceeds it). */
export function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost);
      best = Math.min(best, row[j]);
    }
    if (best > max) return false;
    previous = row;
  }
  return previous[b.length] <= max;
}

/** The documents (slots) holding one word, ascending, each as slot << FIELD_BITS | field bits. */
class Postings {
  entries = new Int32Array(4);
  length = 0;

  constructor(readonly word: number) {}

  push(entry: number): void {
    if (this.length === this.entries.length) {
      const grown = new Int32Array(this.entries.length * 2);
      grown.set(this.entries);
      this.entries = grown;
    }
    this.entries[this.length++] = entry;
  }
}

export type TextDocument = { id: number } & Record<Field, string>;

/** The best `limit` matches, best first, and how many there were in all. */
export interface TextMatches {
  ids: number[];
  total: number;
}

export class TextIndex {
  private readonly words = new Map<string, Postings>();
  /** Words by first letter, for close spellings (a typo rarely hits the first letter). */
  private readonly byInitial = new Map<string, string[]>();
  /** All words in order, for completions; rebuilt when a new word came in. */
  private sorted: string[] | null = null;
  /**
   * Each added document takes the next slot; a replaced or removed one leaves its slot dead, so
   * postings stay in slot order without being rewritten. A reload compacts.
   */
  private ids = new Int32Array(1024);
  private titles: string[] = [];
  /** The number of each slot's first title word (Postings.word), -1 for none: finds titles starting with the text. */
  private firstTitleWord = new Int32Array(1024);
  private alive = new Uint8Array(1024);
  private slots = 0;
  private readonly slotOf = new Map<number, number>();

  get size(): number {
    return this.slotOf.size;
  }

  /** Adds a document, replacing the one with its id. */
  add(document: TextDocument): void {
    this.remove(document.id);
    const slot = this.slots++;
    if (slot === SLOT_RANGE) throw new Error('search index full: load it again');
    if (slot === this.ids.length) this.grow();
    this.ids[slot] = document.id;
    this.titles[slot] = document.title;
    this.alive[slot] = 1;
    this.slotOf.set(document.id, slot);
    const bits = new Map<string, number>();
    FIELDS.forEach((field, f) => {
      for (const word of document[field].split(' ')) if (word) bits.set(word, (bits.get(word) ?? 0) | (1 << f));
    });
    for (const [word, fields] of bits) this.postingsOf(word).push((slot << FIELD_BITS) | fields);
    const first = document.title.split(' ', 1)[0];
    this.firstTitleWord[slot] = first ? this.postingsOf(first).word : -1;
  }

  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.alive[slot] = 0;
    this.titles[slot] = '';
    this.slotOf.delete(id);
  }

  /**
   * The documents holding every word of `q` (in any field), the last word also as a prefix; a
   * word that is no known word (nor, last, the start of one) also within a few edits. Best
   * first: the exact title, then titles starting with the text (the order of Postgres's
   * textRank), then by weight (field, and how closely the word matched), newest first among
   * equals. Only the best `limit` are ranked; all are counted.
   */
  search(q: string, limit: number): TextMatches {
    const words = q.split(' ').filter(Boolean);
    if (words.length === 0) return { ids: [], total: 0 };
    const variants = words.map((word, i) => this.variants(word, i === words.length - 1));
    /** Words a title starting with the text can start with. */
    const titleStarts = new Set(
      variants[0]
        .filter(([, weight]) => weight === EXACT || (weight === COMPLETED && words.length === 1))
        .map(([postings]) => postings.word),
    );
    // Sorted lists merged in slot order: memory is read in sequence, which at a million
    // documents is what a query's time is made of.
    const lists = variants.map(wordMatches).sort((a, b) => a.length - b.length);
    let matched = lists[0];
    for (const list of lists.slice(1)) matched = merge(matched, list, 'and');
    // One number per match: its rank (title tier, then weight in hundredths) above its slot, so
    // equal ranks come newest first. Exact below 2^53 for slots below SLOT_RANGE.
    const keys = new Float64Array(matched.length);
    let total = 0;
    for (let i = 0; i < matched.length; i++) {
      const slot = matched.slots[i];
      if (!this.alive[slot]) continue;
      let tier = 0;
      if (titleStarts.has(this.firstTitleWord[slot])) {
        const title = this.titles[slot];
        tier = title === q ? 2 : title.startsWith(q) ? 1 : 0;
      }
      keys[total++] = (tier * 100_000 + Math.round(matched.weights[i] * 100)) * SLOT_RANGE + slot;
    }
    const best = largest(keys.subarray(0, total), limit);
    return { ids: Array.from(best, (key) => this.ids[key % SLOT_RANGE]), total };
  }

  private postingsOf(word: string): Postings {
    let postings = this.words.get(word);
    if (!postings) {
      postings = new Postings(this.words.size);
      this.words.set(word, postings);
      const initial = this.byInitial.get(word[0]);
      if (initial) initial.push(word);
      else this.byInitial.set(word[0], [word]);
      this.sorted = null;
    }
    return postings;
  }

  /** The postings a word of the query stands for, each with its weight: EXACT, COMPLETED or CLOSE. */
  private variants(word: string, last: boolean): [Postings, number][] {
    const found = new Map<string, number>();
    if (this.words.has(word)) found.set(word, EXACT);
    if (last) {
      const sorted = (this.sorted ??= [...this.words.keys()].sort());
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (sorted[mid] < word) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < sorted.length && sorted[i].startsWith(word); i++)
        if (!found.has(sorted[i])) found.set(sorted[i], COMPLETED);
    }
    // Close spellings only for a word nobody wrote: a known word stands for itself, as typo
    // tolerance in search engines works, and does not drag in every word two edits away.
    const edits = editsAllowed(word);
    if (found.size === 0 && edits > 0) {
      for (const other of this.byInitial.get(word[0]) ?? []) {
        if (withinEdits(word, other, edits)) found.set(other, CLOSE);
      }
    }
    return [...found].map(([w, weight]) => [this.words.get(w)!, weight]);
  }

  private grow(): void {
    const size = this.ids.length * 2;
    const grown = <T extends Int32Array | Uint8Array>(from: T, to: T): T => {
      to.set(from);
      return to;
    };
    this.ids = grown(this.ids, new Int32Array(size));
    this.firstTitleWord = grown(this.firstTitleWord, new Int32Array(size));
    this.alive = grown(this.alive, new Uint8Array(size));
  }
}

/** Documents (slots, ascending) with a weight each. */
interface SlotList {
  slots: Int32Array;
  weights: Float32Array;
  length: number;
}

/** The documents of a word of the query: the union of its variants, each at its best weight. */
function wordMatches(variants: [Postings, number][]): SlotList {
  let lists: SlotList[] = variants.map(([{ entries, length }, weight]) => {
    const slots = new Int32Array(length);
    const weights = new Float32Array(length);
    for (let i = 0; i < length; i++) {
      slots[i] = entries[i] >>> FIELD_BITS;
      weights[i] = FIELD_WEIGHT_OF_BITS[entries[i] & ((1 << FIELD_BITS) - 1)] * weight;
    }
    return { slots, weights, length };
  });
  if (lists.length === 0) return { slots: new Int32Array(0), weights: new Float32Array(0), length: 0 };
  while (lists.length > 1) {
    const pairs: SlotList[] = [];
    for (let i = 0; i < lists.length; i += 2)
      pairs.push(i + 1 < lists.length ? merge(lists[i], lists[i + 1], 'or') : lists[i]);
    lists = pairs;
  }
  return lists[0];
}

/**
 * Two lists merged in slot order: `and` keeps the documents of both, their weights added (each
 * word counts); `or` keeps those of either at their best weight (variants of one word).
 */
function merge(a: SlotList, b: SlotList, how: 'and' | 'or'): SlotList {
  const size = how === 'and' ? Math.min(a.length, b.length) : a.length + b.length;
  const slots = new Int32Array(size);
  const weights = new Float32Array(size);
  let n = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a.slots[i];
    const y = b.slots[j];
    if (x === y) {
      slots[n] = x;
      weights[n++] = how === 'and' ? a.weights[i] + b.weights[j] : Math.max(a.weights[i], b.weights[j]);
      i++;
      j++;
    } else if (x < y) {
      if (how === 'or') {
        slots[n] = x;
        weights[n++] = a.weights[i];
      }
      i++;
    } else {
      if (how === 'or') {
        slots[n] = y;
        weights[n++] = b.weights[j];
      }
      j++;
    }
  }
  if (how === 'or') {
    slots.set(a.slots.subarray(i, a.length), n);
    weights.set(a.weights.subarray(i, a.length), n);
    n += a.length - i;
    slots.set(b.slots.subarray(j, b.length), n);
    weights.set(b.weights.subarray(j, b.length), n);
    n += b.length - j;
  }
  return { slots, weights, length: n };
}

/**
 * The `limit` largest keys, largest first: a full sort for a few, otherwise a selection first
 * (quickselect), so that a common word's hundred thousand matches are not all sorted for a page.
 */
function largest(keys: Float64Array, limit: number): Float64Array {
  if (keys.length <= limit * 4) return keys.sort().reverse().subarray(0, limit);
  // Partitions around the limit-th largest until keys[0, limit) hold the largest (Hoare, descending).
  const k = limit - 1;
  let lo = 0;
  let hi = keys.length - 1;
  while (lo < hi) {
    const pivot = keys[(lo + hi) >>> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (keys[i] > pivot) i++;
      while (keys[j] < pivot) j--;
      if (i <= j) {
        [keys[i], keys[j]] = [keys[j], keys[i]];
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return keys.subarray(0, limit).sort().reverse();
}
