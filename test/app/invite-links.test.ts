// The invite links `npm run deploy-commands` prints: a server install with the `bot` scope and
// exactly the permissions the bot's server features need; a user install with commands only.

import { PermissionFlagsBits as P, PermissionsBitField } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { inviteLinks } from '../../src/app/register-commands.js';

describe('invite links', () => {
  it('asks a server for the bot scope with exactly View Channel, Send Messages, Embed Links, Attach Files (the weekly recap card, cover rounds), Read Message History, Send Polls, Create Events and Manage Events', () => {
    const server = new URL(inviteLinks('123').server);
    expect(server.searchParams.get('scope')).toBe('bot applications.commands');
    expect(server.searchParams.get('integration_type')).toBe('0');
    const asked = new PermissionsBitField(BigInt(server.searchParams.get('permissions') ?? '0'));
    expect(asked.toArray().sort()).toEqual(['AttachFiles', 'CreateEvents', 'EmbedLinks', 'ManageEvents', 'ReadMessageHistory', 'SendMessages', 'SendPolls', 'ViewChannel']);
    expect(asked.has(P.Administrator)).toBe(false);
  });

  it('asks a user install for commands only', () => {
    const user = new URL(inviteLinks('123').user);
    expect(user.searchParams.get('scope')).toBe('applications.commands');
    expect(user.searchParams.get('permissions')).toBeNull();
  });
});
