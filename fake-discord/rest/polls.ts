// Polls and the messages that hold them: GET /channels/:channel/messages/:message (the poll's live
// results), GET /channels/:channel/polls/:message/answers/:answer (voters) and
// POST /channels/:channel/polls/:message/expire (the author ends it early). Guild channels only.

import { DiscordHttpError } from '../errors.js';
import { messageForPayload } from '../messages.js';
import type { ServerState } from '../server-state.js';
import { route, type Route } from './routing.js';

const unknownChannel = (): DiscordHttpError => new DiscordHttpError(404, { message: 'Unknown Channel', code: 10003 });

export function pollRoutes(state: ServerState): Route[] {
  const polls = state.guilds.polls;
  const known = (channelId: string): void => {
    if (state.guilds.channelObject(channelId) === undefined) throw unknownChannel();
  };
  return [
    route('GET /channels/:channel/messages/:message', (ctx, [channelId = '', messageId = '']) => {
      state.requireBot(ctx.authorization);
      known(channelId);
      return { status: 200, body: messageForPayload(polls.readMessage(channelId, messageId)) };
    }),
    route('GET /channels/:channel/polls/:message/answers/:answer', (ctx, [channelId = '', messageId = '', answer = '']) => {
      state.requireBot(ctx.authorization);
      known(channelId);
      return { status: 200, body: polls.voters(channelId, messageId, answer, ctx.query) };
    }),
    route('POST /channels/:channel/polls/:message/expire', (ctx, [channelId = '', messageId = '']) => {
      state.requireBot(ctx.authorization);
      known(channelId);
      return { status: 200, body: messageForPayload(polls.expire(channelId, messageId)) };
    }),
  ];
}
