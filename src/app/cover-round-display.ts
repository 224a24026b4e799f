// How cover rounds are shown (src/games/cover-rounds.ts's display): each frame rendered from the round's
// cover (fetched from the picture host through the cover cache, never the service) and posted or edited
// through the Discord side's channel poster, in the language the round was started in; the result
// posted with the cover itself, and the round's message closed (its button removed). The messages are
// built in src/render/game-cover.ts (the Answer button's id too, coverRoundIds; its handler is in
// commands/components/game.ts); this wiring is built in the composition root and handed to the games at
// construction.

import type { ChannelPoster } from '../discord-api/discord-side.js';
import type { CoverRoundDisplay } from '../games/cover-rounds.js';
import type { CoverSession } from '../games/cover-session.js';
import { translator } from '../i18n/index.js';
import { coverAnswerRow, coverClosedMessage, coverFrameMessage, coverResultMessage, type CoverRoundIds } from '../render/game-cover.js';
import { finalizeMessage } from '../render/limits.js';
import { decodeCover, renderClearCover, renderPixelFrame } from '../render/pictures/pixel-cover.js';

export interface CoverDisplayDeps {
  poster: ChannelPoster;
  /** The cover source's look-up (src/covers/cover-source.ts): a thumbnail, or undefined when none could be had. */
  cover: (url: string) => Promise<Buffer | undefined>;
  /** The Answer button's custom id (src/render/game-cover.ts's coverRoundIds). */
  ids: CoverRoundIds;
}

export function coverRoundDisplay(o: CoverDisplayDeps): CoverRoundDisplay {
  const image = async (s: CoverSession) => decodeCover(s.title.picture ? await o.cover(s.title.picture) : undefined);
  const frame = async (s: CoverSession, n: number) => finalizeMessage(coverFrameMessage(translator(s.locale), s, n, await renderPixelFrame(await image(s), n), coverAnswerRow(translator(s.locale), o.ids.answer(s.sid))));
  return {
    async post(s, nonce) {
      const { id } = await o.poster.post(s.channelId, { message: await frame(s, 0), nonce });
      if (id === undefined) throw new Error('Discord named no message for the round\'s post');
      return id;
    },
    async edit(s, n) {
      if (s.messageId === undefined) throw new Error('the round has no message to edit');
      await o.poster.edit(s.channelId, s.messageId, await frame(s, n));
    },
    async result(s, round, nonce) {
      const t = translator(s.locale);
      const cover = await renderClearCover(await image(s));
      await o.poster.post(s.channelId, { message: finalizeMessage(coverResultMessage(t, s, round, cover)), nonce });
      if (s.messageId !== undefined) await o.poster.edit(s.channelId, s.messageId, finalizeMessage(coverClosedMessage(t, s)));
    },
  };
}
