// The fake Discord's guild model: Discord's permission algorithm (owner, ADMINISTRATOR, @everyone,
// role and member overwrites, the bot's roles), and the definitions it refuses.

import { beforeEach, describe, expect, test } from 'vitest';
import { PermissionFlagsBits as P } from 'discord.js';
import { DEFAULT_EVERYONE_PERMISSIONS } from '../../fake-discord/index.js';
import {
  G,
  OWNER,
  ALICE,
  MOD,
  MUTED_MOD,
  ADMIN,
  STRANGER,
  HELPER,
  R_ADMIN,
  R_WATCHERS,
  R_BOT,
  R_DENY,
  R_OTHER,
  C_GENERAL,
  C_STAFF,
  C_NEWS,
  C_SPLIT,
  C_NOEMBED,
  C_HIDDEN,
  C_OTHER,
  guildSpec,
  useModelledGuilds,
} from './guild-model.js';

const guilds = useModelledGuilds();
const { defineAll } = guilds;

function has(bits: bigint, flag: bigint): boolean {
  return (bits & flag) === flag;
}

describe('permissionsOf follows Discord\'s documented algorithm', () => {
  beforeEach(defineAll);

  test('the owner has every permission, even where @everyone is denied', () => {
    const perms = guilds.fake.guilds.permissionsOf(G, C_STAFF, OWNER);
    expect(has(perms, P.Administrator | P.ViewChannel | P.ManageGuild | P.MentionEveryone)).toBe(true);
  });

  test('an ADMINISTRATOR role has every permission and bypasses overwrites', () => {
    expect(has(guilds.fake.guilds.permissionsOf(G, C_STAFF, ADMIN), P.ViewChannel | P.ManageGuild | P.BanMembers)).toBe(true);
    expect(guilds.fake.guilds.permissionsOf(G, C_HIDDEN, ADMIN)).toBe(guilds.fake.guilds.permissionsOf(G, C_GENERAL, OWNER));
  });

  test('the default @everyone can view, send, embed and read history, but not ping everyone or manage', () => {
    const perms = guilds.fake.guilds.permissionsOf(G, C_GENERAL, ALICE);
    expect(perms).toBe(DEFAULT_EVERYONE_PERMISSIONS);
    expect(has(perms, P.ViewChannel | P.SendMessages | P.EmbedLinks | P.ReadMessageHistory | P.UseApplicationCommands)).toBe(true);
    for (const flag of [P.MentionEveryone, P.ManageGuild, P.Administrator, P.ManageMessages, P.KickMembers]) expect(has(perms, flag)).toBe(false);
  });

  test('a deny on the @everyone overwrite removes the permission', () => {
    expect(has(guilds.fake.guilds.permissionsOf(G, C_STAFF, ALICE), P.ViewChannel)).toBe(false);
    expect(has(guilds.fake.guilds.permissionsOf(G, C_NEWS, ALICE), P.SendMessages)).toBe(false);
  });

  test('a role allow beats the @everyone deny', () => {
    expect(has(guilds.fake.guilds.permissionsOf(G, C_STAFF, MOD), P.ViewChannel)).toBe(true);
    expect(has(guilds.fake.guilds.permissionsOf(G, C_NEWS, MOD), P.SendMessages)).toBe(true);
  });

  test('a member overwrite beats the role allow', () => {
    expect(has(guilds.fake.guilds.permissionsOf(G, C_NEWS, MUTED_MOD), P.SendMessages)).toBe(false);
    expect(has(guilds.fake.guilds.permissionsOf(G, C_NEWS, MUTED_MOD), P.ViewChannel)).toBe(true);
  });

  test('role overwrites aggregate: an allow on one role beats a deny on another', () => {
    expect(has(guilds.fake.guilds.permissionsOf(G, C_SPLIT, HELPER), P.SendMessages)).toBe(true);
    guilds.fake.guilds.define({ ...guildSpec(), members: { ...guildSpec().members, [HELPER]: [R_DENY] } });
    expect(has(guilds.fake.guilds.permissionsOf(G, C_SPLIT, HELPER), P.SendMessages)).toBe(false);
  });

  test('the bot: its roles and overwrites; nothing once removed', () => {
    const bot = guilds.fake.botUserId;
    expect(has(guilds.fake.guilds.permissionsOf(G, C_HIDDEN, bot), P.ViewChannel)).toBe(false);
    expect(has(guilds.fake.guilds.permissionsOf(G, C_NOEMBED, bot), P.EmbedLinks)).toBe(false);
    expect(has(guilds.fake.guilds.permissionsOf(G, C_GENERAL, bot), P.MentionEveryone)).toBe(false);
    guilds.fake.guilds.setBotRoles(G, [R_BOT, R_ADMIN]);
    expect(has(guilds.fake.guilds.permissionsOf(G, C_HIDDEN, bot), P.ViewChannel)).toBe(true);
    guilds.fake.guilds.removeBot(G);
    expect(guilds.fake.guilds.permissionsOf(G, C_GENERAL, bot)).toBe(0n);
    expect(guilds.fake.guilds.permissionsOf(G, C_GENERAL, STRANGER)).toBe(0n);
  });

  test('setRole and setOverwrites change the outcome; a role on @everyone\'s id sets @everyone', () => {
    guilds.fake.guilds.setOverwrites(C_GENERAL, [{ id: ALICE, type: 1, deny: P.SendMessages }]);
    expect(has(guilds.fake.guilds.permissionsOf(G, C_GENERAL, ALICE), P.SendMessages)).toBe(false);
    guilds.fake.guilds.setRole(G, { id: G, permissions: P.ViewChannel });
    expect(guilds.fake.guilds.permissionsOf(G, C_SPLIT, ALICE)).toBe(P.ViewChannel);
    guilds.fake.guilds.setRole(G, { id: R_WATCHERS, permissions: P.SendMessages | P.MentionEveryone, mentionable: true });
    expect(guilds.fake.guilds.permissionsOf(G, C_SPLIT, ALICE)).toBe(P.ViewChannel | P.SendMessages | P.MentionEveryone);
  });

  test('impossible definitions are refused', () => {
    expect(() => guilds.fake.guilds.define({ id: '1300000000000000009', channels: [], botRoles: ['1320000000000000999'] })).toThrow(/does not have/);
    expect(() => guilds.fake.guilds.define({ id: '1300000000000000009', channels: [{ id: C_OTHER }] })).toThrow(/already belongs to guild/);
    expect(() => guilds.fake.guilds.define({ id: '1300000000000000009', channels: [{ id: '1330000000000000901' }, { id: '1330000000000000902', parentId: '1330000000000000901' }] })).toThrow(/not a category/);
    expect(() => guilds.fake.guilds.setOverwrites(C_GENERAL, [{ id: R_OTHER, type: 0, allow: P.SendMessages }])).toThrow(/names no role/);
    expect(() => guilds.fake.guilds.permissionsOf(G, C_OTHER, ALICE)).toThrow(/belongs to guild/);
    expect(() => guilds.fake.guilds.define({ id: G, everyonePermissions: 'lots', channels: [] })).toThrow(/not a permission bitfield/);
  });
});
