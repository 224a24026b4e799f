// The bot's own reading of Discord's permission algorithm (src/discord-api/channel-access.ts), checked
// against cases worked out from Discord's documentation, independently of the fake Discord's version.

import { PermissionFlagsBits as P, type APIOverwrite, type APIRole } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { channelPermissions } from '../../src/discord-api/channel-access.js';

const GUILD = '100000000000000001';
const BOT = '100000000000000002';
const ROLE_A = '100000000000000003';
const ROLE_B = '100000000000000004';

function role(id: string, permissions: bigint, mentionable = false): APIRole {
  return ({ id, name: id, color: 0, colors: { primary_color: 0, secondary_color: null, tertiary_color: null }, hoist: false, icon: null, unicode_emoji: null, position: 1, permissions: permissions.toString(), managed: false, mentionable, flags: 0 }) as unknown as APIRole;
}
function overwrite(id: string, type: 0 | 1, allow: bigint, deny: bigint): APIOverwrite {
  return { id, type, allow: allow.toString(), deny: deny.toString() };
}

const BASIC = P.ViewChannel | P.SendMessages | P.EmbedLinks;
const roles = [role(GUILD, BASIC), role(ROLE_A, P.MentionEveryone), role(ROLE_B, P.Administrator)];
const can = (perms: bigint, flag: bigint): boolean => (perms & flag) === flag;

describe('channelPermissions', () => {
  it('starts from @everyone and adds the member roles', () => {
    const perms = channelPermissions(GUILD, roles, [ROLE_A], BOT, []);
    expect(can(perms, BASIC | P.MentionEveryone)).toBe(true);
    expect(can(channelPermissions(GUILD, roles, [], BOT, []), P.MentionEveryone)).toBe(false);
  });

  it('administrator grants everything, whatever the overwrites deny', () => {
    const perms = channelPermissions(GUILD, roles, [ROLE_B], BOT, [overwrite(GUILD, 0, 0n, P.ViewChannel | P.SendMessages)]);
    expect(can(perms, BASIC | P.MentionEveryone | P.ManageGuild)).toBe(true);
  });

  it('an @everyone deny is lifted by a role allow, and a member overwrite beats both', () => {
    const denied = [overwrite(GUILD, 0, 0n, P.SendMessages)];
    expect(can(channelPermissions(GUILD, roles, [ROLE_A], BOT, denied), P.SendMessages)).toBe(false);
    const roleAllow = [...denied, overwrite(ROLE_A, 0, P.SendMessages, 0n)];
    expect(can(channelPermissions(GUILD, roles, [ROLE_A], BOT, roleAllow), P.SendMessages)).toBe(true);
    const memberDeny = [...roleAllow, overwrite(BOT, 1, 0n, P.SendMessages)];
    expect(can(channelPermissions(GUILD, roles, [ROLE_A], BOT, memberDeny), P.SendMessages)).toBe(false);
  });

  it('role allows win over role denies of other roles; overwrites of roles the member lacks do not count', () => {
    const ow = [overwrite(ROLE_A, 0, 0n, P.EmbedLinks), overwrite('100000000000000009', 0, 0n, P.ViewChannel), overwrite(GUILD, 0, 0n, 0n)];
    const twoRoles = [...roles, role('100000000000000010', 0n)];
    const allowOther = [...ow, overwrite('100000000000000010', 0, P.EmbedLinks, 0n)];
    expect(can(channelPermissions(GUILD, twoRoles, [ROLE_A], BOT, ow), P.EmbedLinks)).toBe(false);
    expect(can(channelPermissions(GUILD, twoRoles, [ROLE_A], BOT, ow), P.ViewChannel)).toBe(true);
    expect(can(channelPermissions(GUILD, twoRoles, [ROLE_A, '100000000000000010'], BOT, allowOther), P.EmbedLinks)).toBe(true);
  });

  it('a member overwrite for someone else does not apply', () => {
    expect(can(channelPermissions(GUILD, roles, [], BOT, [overwrite('100000000000000099', 1, 0n, P.ViewChannel)]), P.ViewChannel)).toBe(true);
  });
});
