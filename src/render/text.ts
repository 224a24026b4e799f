// Markdown-aware text shortening and escaping for Discord.
export {
  humanize,
  formatPartialDate,
  formatDateRange,
  formatDuration,
  formatEpisodeDuration,
  formatNumber,
  formatCount,
  parseCount,
  discordTimestamp,
  formatSeason,
} from './format.js';

import { disarmMaskedLinks, escapeDiscordObjects, untrustedPlain } from './untrusted.js';

export const ELLIPSIS = '…';

const WHITESPACE = /\s/;

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Cut index ≤ max that does not split a surrogate pair. */
function safeIndex(text: string, index: number): number {
  if (index > 0 && index < text.length && isHighSurrogate(text.charCodeAt(index - 1))) return index - 1;
  return index;
}

/** Last whitespace-delimited cut at or before `budget`, if it keeps at least half of it. */
function wordCut(text: string, budget: number): number {
  for (let i = Math.min(budget, text.length - 1); i >= Math.ceil(budget / 2); i--) {
    if (WHITESPACE.test(text.charAt(i))) return i;
  }
  return budget;
}

function trimEndIndex(text: string, index: number): number {
  let i = index;
  while (i > 0 && WHITESPACE.test(text.charAt(i - 1))) i--;
  return i;
}

/**
 * Plain shortening for text Discord never parses as markdown (labels, footers, author names):
 * hidden characters removed (untrusted.ts), word boundary when possible, never splits a surrogate
 * pair, appends `…`.
 */
export function clipPlain(raw: string, max: number): string {
  if (max <= 0) return '';
  const text = untrustedPlain(raw);
  if (text.length <= max) return text;
  if (max === 1) return ELLIPSIS;
  const budget = max - 1;
  let cut = safeIndex(text, wordCut(text, budget));
  cut = trimEndIndex(text, cut);
  if (cut === 0) cut = safeIndex(text, budget);
  return text.slice(0, cut) + ELLIPSIS;
}

// ---- markdown structure ------------------------------------------------------------------------

interface Pair {
  openStart: number;
  openEnd: number;
  closeStart: number;
  closeEnd: number;
  /** What to append to close this construct when the text is cut inside it. */
  closer: string;
  code: boolean;
}

interface Structure {
  pairs: Pair[];
  /** Single-marker tokens that stay literal; a cut must not split them either. */
  tokens: Array<{ start: number; end: number }>;
}

interface OpenMarker {
  marker: string;
  start: number;
  end: number;
}

function runLength(text: string, i: number, ch: string): number {
  let j = i;
  while (text.charAt(j) === ch) j++;
  return j - i;
}

function isWordChar(ch: string): boolean {
  return ch !== '' && /[\p{L}\p{N}]/u.test(ch);
}

/** Emphasis and spoiler markers still open, innermost last; closing one records its pair. */
class OpenMarkers {
  private readonly stack: OpenMarker[] = [];
  // Open counts per marker keep the stack search linear on adversarial input.
  private readonly openCount = new Map<string, number>();

  constructor(private readonly pairs: Pair[]) {}

  top(): OpenMarker | undefined {
    return this.stack[this.stack.length - 1];
  }

  push(open: OpenMarker): void {
    this.stack.push(open);
    this.openCount.set(open.marker, (this.openCount.get(open.marker) ?? 0) + 1);
  }

  /** Closes the innermost open `marker` (and drops whatever was opened inside it); false when none is open. */
  closeIfOpen(marker: string, start: number, end: number): boolean {
    if (!this.openCount.get(marker)) return false;
    while (this.stack.length > 0) {
      const open = this.stack.pop() as OpenMarker;
      this.openCount.set(open.marker, (this.openCount.get(open.marker) ?? 1) - 1);
      if (open.marker === marker) {
        this.pairs.push({ openStart: open.start, openEnd: open.end, closeStart: start, closeEnd: end, closer: marker, code: false });
        return true;
      }
    }
    return false;
  }
}

/** Approximates Discord's pairing of emphasis, spoiler and code markers over the whole text. */
function analyze(text: string): Structure {
  const pairs: Pair[] = [];
  const tokens: Array<{ start: number; end: number }> = [];
  const markers = new OpenMarkers(pairs);
  const n = text.length;
  let i = 0;
  while (i < n) {
    const ch = text.charAt(i);
    if (ch === '\\' && i + 1 < n) {
      i += 2;
    } else if (ch === '`') {
      i = scanCode(text, i, pairs, tokens);
    } else if (ch === '*' || ch === '_' || ch === '~' || ch === '|') {
      i = scanMarkerRun(text, i, ch, markers, tokens);
    } else {
      i++;
    }
  }
  return { pairs, tokens };
}

/** A run of backticks at `i`: a code span or fence with its closing run, else a literal token. Returns where scanning goes on. */
function scanCode(text: string, i: number, pairs: Pair[], tokens: Array<{ start: number; end: number }>): number {
  const n = text.length;
  const len = runLength(text, i, '`');
  const fence = len >= 3;
  const closing = fence ? '```' : '`'.repeat(len);
  let j = i + len;
  let found = -1;
  while (j < n) {
    const k = text.indexOf('`', j);
    if (k < 0) break;
    const run = runLength(text, k, '`');
    if (fence ? run >= 3 : run === len) {
      found = k;
      break;
    }
    j = k + run;
  }
  if (found < 0) {
    tokens.push({ start: i, end: i + len });
    return i + len;
  }
  const closeLen = fence ? runLength(text, found, '`') : len;
  pairs.push({
    openStart: i,
    openEnd: i + len,
    closeStart: found,
    closeEnd: found + closeLen,
    closer: fence ? '\n```' : closing,
    code: true,
  });
  return found + closeLen;
}

/** A run of `*`, `_`, `~` or `|` at `i`: closes or opens markers as Discord would. Returns where the run ends. */
function scanMarkerRun(text: string, i: number, ch: string, markers: OpenMarkers, tokens: Array<{ start: number; end: number }>): number {
  const len = runLength(text, i, ch);
  const start = i;
  const end = i + len;
  const prev = text.charAt(start - 1);
  const next = text.charAt(end);
  // Like Discord: only a single `*`/`_` needs flanking; doubled markers pair regardless of spaces.
  let singleOpen = next !== '' && !WHITESPACE.test(next);
  let singleClose = prev !== '' && !WHITESPACE.test(prev);
  if (ch === '_') {
    singleOpen = singleOpen && !isWordChar(prev);
    singleClose = singleClose && !isWordChar(next);
  }
  const doubleOpen = next !== '';
  tokens.push({ start, end });
  if (ch === '~' || ch === '|') pairDoubledMarkers(ch + ch, start, len, doubleOpen, markers);
  else pairEmphasisRun(ch, start, len, { singleOpen, singleClose, doubleOpen }, markers);
  return end;
}

/** `~~` and `||`: only doubled markers mean anything; an odd leftover is literal. */
function pairDoubledMarkers(double: string, start: number, length: number, doubleOpen: boolean, markers: OpenMarkers): void {
  let pos = start;
  let len = length;
  while (len >= 2) {
    if (!markers.closeIfOpen(double, pos, pos + 2) && doubleOpen) markers.push({ marker: double, start: pos, end: pos + 2 });
    pos += 2;
    len -= 2;
  }
}

/** Runs of * or _ close the innermost matching markers first, else open `**` then `*`. */
function pairEmphasisRun(
  single: string,
  start: number,
  length: number,
  can: { singleOpen: boolean; singleClose: boolean; doubleOpen: boolean },
  markers: OpenMarkers,
): void {
  const double = single + single;
  let pos = start;
  let len = length;
  while (len > 0) {
    const top = markers.top();
    let step: number;
    if (can.singleClose && top && top.marker === single && markers.closeIfOpen(single, pos, pos + 1)) step = 1;
    else if (len >= 2 && markers.closeIfOpen(double, pos, pos + 2)) step = 2;
    else if (can.singleClose && markers.closeIfOpen(single, pos, pos + 1)) step = 1;
    else if (len >= 2 && can.doubleOpen) {
      markers.push({ marker: double, start: pos, end: pos + 2 });
      step = 2;
    } else if (can.singleOpen) {
      markers.push({ marker: single, start: pos, end: pos + 1 });
      step = 1;
    } else {
      break;
    }
    pos += step;
    len -= step;
  }
}

interface Span {
  start: number;
  end: number;
  /** Present for masked links: the label they degrade to. */
  label?: string;
}

const LINK_RE = /\[((?:\\.|[^\\[\]\n])*)\]\(([^()\s]+)\)/g;
const ANGLE_RE = /<(?:[@#][!&]?\d+|a?:\w+:\d+|t:-?\d+(?::[tTdDfFR])?|\/[^<>\s]+:\d+|https?:\/\/[^<>\s]+)>/g;

function atomicSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(LINK_RE)) {
    spans.push({ start: m.index, end: m.index + m[0].length, label: m[1] ?? '' });
  }
  for (const m of text.matchAll(ANGLE_RE)) {
    spans.push({ start: m.index, end: m.index + m[0].length });
  }
  return spans;
}

/** Moves `cut` back until it splits nothing; returns the final cut and the closers it needs. */
function settleCut(text: string, structure: Structure, spans: Span[], initial: number): { cut: number; closers: string } | { degrade: Span } {
  let cut = initial;
  for (let guard = 0; guard < 64; guard++) {
    const before = cut;
    cut = safeIndex(text, cut);
    cut = trimEndIndex(text, cut);
    for (const span of spans) {
      if (span.start < cut && cut < span.end) {
        if (span.label !== undefined && span.start < Math.floor(initial / 2)) return { degrade: span };
        cut = span.start;
      }
    }
    for (const t of structure.tokens) {
      if (t.start < cut && cut < t.end) cut = t.start;
    }
    for (const p of structure.pairs) {
      if (p.openStart < cut && cut < p.openEnd) cut = p.openStart;
      else if (p.closeStart < cut && cut < p.closeEnd) cut = p.closeStart;
      else if (p.openEnd <= cut && cut <= p.closeStart) {
        // Cut inside the construct: an empty remainder would render as stray markers.
        if (text.slice(p.openEnd, cut).trim() === '') cut = p.openStart;
        // Inside code every character is literal, so a trailing backslash is harmless there.
      }
    }
    let backslashes = 0;
    while (cut - backslashes > 0 && text.charAt(cut - backslashes - 1) === '\\') backslashes++;
    if (backslashes % 2 === 1 && !insideCode(structure, cut)) cut -= 1;
    if (cut === before) break;
  }
  const open = structure.pairs
    .filter((p) => p.openEnd <= cut && cut <= p.closeStart)
    .sort((a, b) => a.openStart - b.openStart);
  const closers = open
    .reverse()
    .map((p) => p.closer)
    .join('');
  return { cut, closers };
}

function insideCode(structure: Structure, cut: number): boolean {
  return structure.pairs.some((p) => p.code && p.openEnd <= cut && cut <= p.closeStart);
}

/**
 * Shortens Discord markdown to at most `max` UTF-16 units: cuts at a word boundary (hard cut for
 * one huge word), appends `…`, and closes every emphasis, spoiler, inline code or code fence left
 * open. Never splits a masked link, a `<…>` mention/timestamp, a marker or a surrogate pair.
 */
export function truncate(text: string, max: number): string {
  if (max <= 0) return '';
  if (text.length <= max) return text;
  if (max === 1) return ELLIPSIS;
  let source = text;
  let budget = max - 1;
  for (let attempt = 0; attempt < 256 && budget > 0; attempt++) {
    const structure = analyze(source);
    const spans = atomicSpans(source);
    const settled = settleCut(source, structure, spans, wordCut(source, budget));
    if ('degrade' in settled) {
      const { start, end, label } = settled.degrade;
      source = source.slice(0, start) + (label ?? '') + source.slice(end);
      if (source.length <= max) return source;
      continue;
    }
    const { cut, closers } = settled;
    if (cut === 0) break;
    const out = source.slice(0, cut) + ELLIPSIS + closers;
    if (out.length <= max) return out;
    budget -= out.length - max;
  }
  return ELLIPSIS;
}

// ---- escaping --------------------------------------------------------------------------------------

const URL_RE = /https?:\/\/[^\s<>]+/g;

/** A bare URL as Discord links it: a closing parenthesis it did not open is not part of it. */
function urlLength(url: string): number {
  const opens = url.split('(').length - 1;
  let closes = url.split(')').length - 1;
  let end = url.length;
  while (url.charAt(end - 1) === ')' && opens < closes) {
    end--;
    closes--;
  }
  return end;
}

function escapePlainSegment(segment: string, atLineStart: boolean): string {
  let out = segment.replace(/[\\*_~|`[\]]/g, '\\$&');
  out = out.replace(/(^|\n)([ \t]*)(#{1,3} |-# |> |>>> |[-+] |(\d+)\. )/g, (_m, nl: string, ws: string, mark: string, digits?: string) => {
    if (nl === '' && !atLineStart) return nl + ws + mark;
    if (digits !== undefined) return `${nl}${ws}${digits}\\. `;
    return `${nl}${ws}\\${mark}`;
  });
  return escapeDiscordObjects(out);
}

/**
 * Makes untrusted text (from the service or another user) safe to place in Discord markdown: hidden
 * characters removed and masked links shown as `label (url)` (untrusted.ts), characters Discord
 * would read as markdown escaped (emphasis, spoilers, code, brackets, line-start headers, quotes
 * and lists), and mention, channel, command, timestamp and emoji forms and `@everyone`/`@here`
 * shown literally. Bare URLs are left intact so they stay clickable.
 */
export function escapeMarkdown(raw: string): string {
  const text = disarmMaskedLinks(untrustedPlain(raw));
  let out = '';
  let last = 0;
  for (const m of text.matchAll(URL_RE)) {
    const url = m[0].slice(0, urlLength(m[0]));
    const segment = text.slice(last, m.index);
    out += escapePlainSegment(segment, last === 0 || text.charAt(last - 1) === '\n');
    out += url;
    last = m.index + url.length;
  }
  out += escapePlainSegment(text.slice(last), last === 0 || text.charAt(last - 1) === '\n');
  return out;
}
