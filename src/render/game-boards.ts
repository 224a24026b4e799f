// The embed of a server's game board (`/game leaderboard`): its people by rank as mentions (an embed
// pings no one, and the limits gate sends every message with no mention parsed), the viewer marked, the
// viewer's place when off the shown rows, or how to get on the board.

import type { APIEmbed } from 'discord.js';
import type { Translator } from '../i18n/index.js';
import type { BoardRow } from '../games/board-standings.js';
import type { BoardGame } from '../games/boards.js';
import type { GameKind } from '../games/pool.js';
import { DISCORD_LIMITS } from './limits.js';
import { truncate } from './text.js';
import { COLORS } from './theme.js';

/** How many people a board shows. */
export const BOARD_SHOWN = 15;

export interface GameBoardView {
  game: BoardGame;
  kind: GameKind;
  /** Ranked, without anyone hidden. */
  rows: readonly BoardRow[];
  viewerId: string;
  /** The viewer hides themselves from every board. */
  viewerHidden: boolean;
}

const mention = (userId: string) => (/^\d{1,21}$/.test(userId) ? `<@${userId}>` : '');

export function boardValue(t: Translator, game: BoardGame, row: BoardRow): string {
  return t.t('games.board.value', { game, value: row.value, best: row.best ?? 0 });
}

function viewerLine(t: Translator, v: GameBoardView, shown: readonly BoardRow[]): string {
  if (v.viewerHidden) return t.t('games.board.youHidden');
  const mine = v.rows.find((r) => r.userId === v.viewerId);
  if (mine === undefined) return t.t('games.board.notOn', { game: v.game });
  return shown.includes(mine) ? '' : t.t('games.board.yourPlace', { rank: mine.rank, value: boardValue(t, v.game, mine) });
}

/** One board: the first BOARD_SHOWN people, the viewer's place or how to get on it, how many played here. */
export function gameBoardEmbed(t: Translator, v: GameBoardView): APIEmbed {
  const shown = v.rows.slice(0, BOARD_SHOWN);
  const lines = shown.map((row) => {
    const line = `**#${row.rank}** ${mention(row.userId)} · ${boardValue(t, v.game, row)}`;
    return row.userId === v.viewerId ? t.t('games.board.you', { line }) : line;
  });
  const body = lines.length > 0 ? lines.join('\n') : t.t('games.board.empty');
  return {
    title: t.t('games.board.title', { game: v.game, kind: v.game === 'cover' ? 'both' : v.kind }),
    color: COLORS.brand,
    description: truncate([viewerLine(t, v, shown), body].filter(Boolean).join('\n\n'), DISCORD_LIMITS.embedDescription),
    footer: { text: t.t('games.board.footer', { count: v.rows.length }) },
  };
}
