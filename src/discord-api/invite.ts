// The links that install the app: in a server with its bot (the `bot` scope and the permissions the
// server features need), or to a person's account. `npm run deploy-commands` prints both; a server
// where the app is installed without its bot is told the server link.

import { PermissionFlagsBits as P } from 'discord.js';

/**
 * What the bot asks for when it joins a server (the `bot` scope): see channels and post in them with
 * embeds (reminders, the feed, watch parties' "watched it?" posts), attach files to its own posts (the
 * weekly recap's card, cover rounds' pictures), read their history, send polls, and create and manage the scheduled events of
 * watch parties. A server that installed the bot before a permission was added here keeps what it
 * granted then: the features that need more say what to grant (`/recap channel add`, the README).
 */
export const SERVER_PERMISSIONS =
  P.ViewChannel | P.SendMessages | P.EmbedLinks | P.AttachFiles | P.ReadMessageHistory | P.SendPolls | P.CreateEvents | P.ManageEvents;

export function inviteLinks(applicationId: string): { server: string; user: string } {
  const base = `https://discord.com/oauth2/authorize?client_id=${applicationId}`;
  return {
    server: `${base}&scope=bot+applications.commands&permissions=${SERVER_PERMISSIONS}&integration_type=0`,
    user: `${base}&scope=applications.commands&integration_type=1`,
  };
}
