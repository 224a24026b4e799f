// Channels and their messages, DM or guild channel alike: GET /channels/:channel,
// PATCH /channels/:channel (guild channels: name and age restriction) and
// POST /channels/:channel/messages, PATCH /channels/:channel/messages/:message (guild channels: the bot's
// own messages) (404 Unknown Channel for a channel neither knows).

import { DiscordHttpError } from '../errors.js';
import { messageForPayload } from '../messages.js';
import type { ServerState } from '../server-state.js';
import { route, type Route } from './routing.js';

const unknownChannel = (): DiscordHttpError => new DiscordHttpError(404, { message: 'Unknown Channel', code: 10003 });

export function channelRoutes(state: ServerState): Route[] {
  return [
    route('POST /channels/:channel/messages', (ctx, [channelId = '']) => {
      state.requireBot(ctx.authorization);
      const message = state.dms.post(channelId, ctx.body) ?? state.guilds.post(channelId, ctx.body);
      if (!message) throw unknownChannel();
      return { status: 200, body: messageForPayload(message), delayMs: state.messageAnswerDelayMs };
    }),
    route('PATCH /channels/:channel/messages/:message', (ctx, [channelId = '', messageId = '']) => {
      state.requireBot(ctx.authorization);
      const message = state.guilds.edit(channelId, messageId, ctx.body);
      if (!message) throw unknownChannel();
      return { status: 200, body: messageForPayload(message) };
    }),
    route('POST /channels/:channel/messages/:message/threads', (ctx, [channelId = '', messageId = '']) => {
      state.requireBot(ctx.authorization);
      const thread = state.guilds.startThread(channelId, messageId, ctx.body);
      if (!thread) throw unknownChannel();
      return { status: 201, body: thread };
    }),
    route('PATCH /channels/:channel', (ctx, [channelId = '']) => {
      state.requireBot(ctx.authorization);
      const channel = state.guilds.modifyChannel(channelId, ctx.body);
      if (!channel) throw unknownChannel();
      return { status: 200, body: channel };
    }),
    route('GET /channels/:channel', (ctx, [channelId = '']) => {
      state.requireBot(ctx.authorization);
      const channel = state.dms.channel(channelId) ?? state.guilds.channelObject(channelId);
      if (!channel) throw unknownChannel();
      return { status: 200, body: channel };
    }),
  ];
}
