// The games' answers (/game): the daily puzzle's start, each guess's row of clues, the spoiler-free grid
// and its Share button, the Guess button and its form, and the stats. Pure: data and the reader's
// Translator in, embeds, rows and forms out. Titles come from the service, so through the untrusted-text
// gate; the secret appears only in the private answer of a lost game. The Guess button, its form and
// Share name only the kind (and Share the day), never a title.

import { ButtonStyle, ComponentType, TextInputStyle, type APIEmbed, type APIModalInteractionResponseCallbackData } from 'discord.js';
import type { Translator } from '../i18n/index.js';
import { COMPONENT_KINDS } from './component-kinds.js';
import { encodeCustomId } from './custom-ids.js';
import type { MessageRow, RenderedMessage } from './limits.js';
import type { Clue, ClueField } from '../games/clues.js';
import type { GameKind, PoolTitle } from '../games/pool.js';
import type { DailyStats } from '../games/plays.js';
import { COLORS } from './theme.js';
import { clipPlain, escapeMarkdown, truncate } from './text.js';
import { term } from './terms.js';

const stamp = (ms: number, style: 't' | 'R' | 'f'): string => `<t:${Math.floor(ms / 1000)}:${style}>`;
export const safeTitle = (t: PoolTitle): string => escapeMarkdown(clipPlain(t.title, 150));

/** The pool is not read yet: when to come back. */
export function poolWaitingEmbed(t: Translator, retryAt: number): APIEmbed {
  return { description: t.t('games.pool.waiting', { time: stamp(retryAt, 't'), relative: stamp(retryAt, 'R') }), color: COLORS.warning };
}

export interface DailyView {
  kind: GameKind;
  day: string;
  used: number;
  max: number;
  resetAt: number;
  ended: boolean;
  /** The grid's rows so far (squares only). */
  rows: readonly string[];
}

export function dailyEmbed(t: Translator, v: DailyView): APIEmbed {
  const reset = stamp(v.resetAt, 'R');
  const lines = [v.ended ? t.t('games.daily.over', { reset }) : t.t('games.daily.intro', { kind: v.kind, max: v.max, reset }), t.t('games.daily.progress', { used: v.used, max: v.max })];
  if (v.rows.length > 0 && !v.ended) lines.push(v.rows.join('\n'));
  return { title: t.t('games.daily.title', { kind: v.kind, day: v.day }), description: lines.join('\n\n'), color: COLORS.brand };
}

const SCALE: Partial<Record<ClueField, 'time' | 'count' | 'other'>> = { year: 'time', episodes: 'count', volumes: 'count', chapters: 'count', score: 'other' };

function valueText(t: Translator, c: Clue): string {
  const v = c.value;
  if (v === undefined) return t.t('games.value.unknown');
  if (Array.isArray(v)) return v.length === 0 ? t.t('games.value.none') : v.map((n) => escapeMarkdown(clipPlain(n, 60))).join(', ');
  if (typeof v === 'number') return c.field === 'score' ? v.toFixed(2) : String(v);
  const group = c.field === 'season' ? 'season' : c.field === 'source' ? 'source' : 'mediaType';
  return escapeMarkdown(clipPlain(term(t, group, v), 60));
}

function clueLine(t: Translator, c: Clue, square: string): string {
  const verdict = t.t('games.verdict', { verdict: c.verdict, scale: SCALE[c.field] ?? 'other' });
  const shared = c.shared && c.shared.length > 0 && c.verdict === 'partial' ? ` (${t.t('games.verdict.shared', { names: c.shared.map((n) => escapeMarkdown(clipPlain(n, 60))).join(', ') })})` : '';
  return `${square} **${t.t(`games.clue.${c.field}`)}**: ${valueText(t, c)} · ${verdict}${shared}`;
}

export interface GuessView {
  kind: GameKind;
  guess: PoolTitle;
  clues: Clue[];
  squares: string[];
  n: number;
  max: number;
  outcome: 'solved' | 'lost' | 'playing';
  streak: number;
  /** Only for a lost game: the answer, shown to that person alone. */
  answer?: PoolTitle;
}

export function guessEmbed(t: Translator, v: GuessView): APIEmbed {
  const lines = v.clues.map((c, i) => clueLine(t, c, v.squares[i] ?? ''));
  if (v.outcome === 'solved') lines.push('', t.t('games.guess.solved', { n: v.n, streak: v.streak }));
  else if (v.outcome === 'lost' && v.answer) lines.push('', t.t('games.guess.lost', { title: safeTitle(v.answer) }));
  else lines.push('', t.t('games.guess.left', { left: v.max - v.n }));
  const color = v.outcome === 'solved' ? COLORS.success : v.outcome === 'lost' ? COLORS.error : COLORS.brand;
  return { title: truncate(t.t('games.guess.title', { n: v.n, max: v.max, title: safeTitle(v.guess) }), 256), description: lines.join('\n'), color };
}

export function notInPoolEmbed(t: Translator, input: string, closest: readonly PoolTitle[]): APIEmbed {
  const names = closest.map((c) => `**${safeTitle(c)}**`).join(' · ');
  const lines = [t.t('games.guess.notInPool', { input: escapeMarkdown(clipPlain(input, 100)) }), closest.length > 0 ? t.t('games.guess.closest', { titles: names }) : t.t('games.guess.noneClose')];
  return { description: lines.join('\n'), color: COLORS.warning };
}

/** A finished (or ended) day of the puzzle: its grid's rows, whether solved, and the most guesses. */
export interface GridView {
  kind: GameKind;
  day: string;
  rows: readonly string[];
  solved: boolean;
  max: number;
}

/** The spoiler-free grid: one row of squares per guess, no title and no value. */
export function gridText(t: Translator, o: GridView): string {
  return [t.t('games.grid.title', { kind: o.kind, day: o.day, solved: o.solved ? 'yes' : 'no', n: o.rows.length, max: o.max }), ...o.rows].join('\n');
}

export function statsEmbed(t: Translator, kind: GameKind, s: DailyStats, streak: number): APIEmbed {
  const finished = s.solved + s.lost;
  const most = Math.max(1, ...s.distribution);
  const bars = s.distribution.map((n, i) => `\`${i + 1}\` ${'█'.repeat(Math.round((n / most) * 12)) || '▏'} ${n}`);
  const fields = finished === 0 ? [] : [{ name: t.t('games.stats.distribution'), value: bars.join('\n') }];
  const lines = [finished === 0 ? t.t('games.stats.none') : t.t('games.stats.text', { streak, best: s.best, solved: s.solved, lost: s.lost }), t.t('games.stats.higherLower', { best: s.higherLowerBest })];
  return { title: t.t('games.stats.title', { kind }), description: lines.join('\n'), fields, color: COLORS.brand };
}

/** The guess is one made already today: said alone. */
export function repeatedGuessEmbed(t: Translator, guess: PoolTitle): APIEmbed {
  return { description: t.t('games.guess.repeated', { title: safeTitle(guess) }) };
}

/** The Guess button under a puzzle still being played (it opens the guess form). */
export function gameGuessRow(t: Translator, kind: GameKind): MessageRow[] {
  const button = { type: ComponentType.Button as const, style: ButtonStyle.Success as const, label: t.t('games.guessButton'), custom_id: encodeCustomId(COMPONENT_KINDS.gameGuess, [kind]) };
  return [{ type: ComponentType.ActionRow, components: [button] }];
}

/** The finished grid of the day as its player sees it, with Share. */
export function gridMessage(t: Translator, v: GridView): Pick<RenderedMessage, 'content' | 'components'> {
  const button = { type: ComponentType.Button as const, style: ButtonStyle.Primary as const, label: t.t('games.share'), custom_id: encodeCustomId(COMPONENT_KINDS.gameShare, [v.kind, v.day]) };
  return { content: gridText(t, v), components: [{ type: ComponentType.ActionRow, components: [button] }] };
}

/** Share's post in the channel: the grid (squares only) and who played it. */
export function sharedGridMessage(t: Translator, v: GridView, userId: string): RenderedMessage {
  return { content: `${gridText(t, v)}\n${t.t('games.grid.by', { user: `<@${userId}>` })}` };
}

/** A form with one text input, `title`: a title in any form, an ID or a link. */
export function titleForm(customId: string, title: string, label: string): APIModalInteractionResponseCallbackData {
  const input = { type: ComponentType.TextInput as const, custom_id: 'title', style: TextInputStyle.Short as const, label: clipPlain(label, 45), min_length: 1, max_length: 200, required: true };
  return { custom_id: customId, title: clipPlain(title, 45), components: [{ type: ComponentType.ActionRow, components: [input] }] };
}

/** The guess form the Guess button opens: its custom id names only the kind. */
export function gameGuessForm(t: Translator, kind: GameKind): RenderedMessage {
  return { modal: titleForm(encodeCustomId(COMPONENT_KINDS.gameGuessForm, [kind]), t.t('games.modal.title', { kind }), t.t('games.modal.label')) };
}
