// The server community in other languages: the renderers give the catalogue's text in the reader's
// locale (compared with the catalogue, never a copy of a translation), and a server's feed record
// keeps its language as a locale code (records from before read as English; anything else stored
// there is ignored).

import { describe, expect, it } from 'vitest';
import { ENGLISH, translator } from '../../src/i18n/index.js';
import { feedLine, feedPostEmbed } from '../../src/render/feed-post.js';
import { joinedMessage, leftMessage } from '../../src/render/server-membership.js';
import { compareEmbed, leaderboardEmbed, serverViewEmbed, topTitlesEmbed } from '../../src/render/social.js';
import { term } from '../../src/render/terms.js';
import { computeAffinity } from '../../src/community/affinity.js';
import { FEED_GUILD_PREFIX, FeedChannels, parseFeedServer } from '../../src/activity-feed/feed-channels.js';
import type { FeedItem } from '../../src/activity-feed/feed-changes.js';
import { leaderboard } from '../../src/community/leaderboards.js';
import { MemoryEngine } from '../../src/store/engines/index.js';
import { feedChannelListMessage } from '../../src/render/feed-channels.js';
import { feedPausedNotice, feedPostIds, feedPostMessage } from '../../src/render/feed-post.js';
import { entry, mirror, summaries, topOf, viewOf as serverView } from './boards-fixtures.js';

const ID = (n: number) => String(1_100_000_000_000_000_000n + BigInt(n));
const ja = translator('ja');
const de = translator('de');
const fr = translator('fr');

describe('community embeds in the reader’s language', () => {
  const members = Array.from({ length: 7 }, (_, n) => mirror(ID(n), [entry(9, { status: n < 2 ? 'watching' : 'completed', score: n === 0 ? 0 : 8, progress: n < 2 ? 73 : 109, total: 109 })]));

  it('"In this server": counts, progress as words with plural forms, statuses as the catalogue names them', () => {
    const embed = serverViewEmbed(ja, serverView('anime', 9, members));
    expect(embed.title).toBe(ja.t('social.view.title'));
    expect(embed.description).toContain(ja.t('social.view.progress.anime', { progress: 73, total: 109 }));
    expect(embed.description).toContain(term(ja, 'listStatus', 'watching'));
    expect(embed.description).toContain(ja.t('social.view.others', { count: 2 }));
    // English reads as words too, singular and plural.
    expect(ENGLISH.t('social.view.progress.anime', { progress: 73, total: 109 })).toBe('73/109 episodes');
    expect(ENGLISH.t('social.view.progress.manga', { progress: 1, total: 1 })).toBe('1/1 chapter');
    expect(ENGLISH.t('social.view.progressOnly.anime', { progress: 1 })).toBe('1 episode');
    const german = serverViewEmbed(de, serverView('anime', 9, members)).description ?? '';
    expect(german).toContain(de.t('social.view.haveItHere', { members: 7, summary: `${de.t('social.view.statusCount', { count: 2, status: term(de, 'listStatus', 'watching') })} · ${de.t('social.view.statusCount', { count: 5, status: term(de, 'listStatus', 'completed') })}` }));
  });

  it('/compare, the leaderboard and the top list', () => {
    const [a, b] = members;
    if (!a || !b) throw new Error('fixture');
    const compare = compareEmbed(fr, 'manga', a, b, computeAffinity(a.entries, b.entries), false);
    expect(compare.title).toBe(fr.t('social.compare.title', { kind: 'manga' }));
    expect(compare.description).toContain(fr.t('social.compare.tooFew', { basis: 0, min: 5 }));

    const board = leaderboardEmbed(de, 'episodes', 'manga', leaderboard(summaries(members), 'episodes'), 0, 10, ID(3));
    expect(board.title).toBe(de.t('social.leaderboard.title', { metric: de.t('social.leaderboard.metric.chapters'), kind: 'manga' }));
    expect(board.footer?.text).toBe(de.t('social.leaderboard.footer', { count: 7 }));
    expect(board.description).toContain(de.t('social.leaderboard.chapters', { count: 109 }));

    const top = topTitlesEmbed(ja, 'anime', 'completed', topOf(members), 0, 10, new Map([[9, { status: 'watching', score: 7 }]]), false, 3);
    expect(top.title).toBe(ja.t('social.top.titleFiltered', { kind: 'anime', status: term(ja, 'listStatus', 'completed') }));
    expect(top.description).toContain(ja.t('social.top.yoursScored', { status: term(ja, 'listStatus', 'watching'), score: 7 }));
    expect(top.footer?.text).toBe(ja.t('social.top.footer', { min: 3 }));
  });

  it('/server join and leave', () => {
    const joined = joinedMessage(ja, { serviceUser: 'alice', alreadyMember: false, anime: 1, manga: 12 });
    expect(joined.embeds?.[0]?.title).toBe(ja.t('social.join.title'));
    expect(joined.embeds?.[0]?.description).toContain(ja.t('social.join.copy', { anime: 1, manga: 12 }));
    expect(ENGLISH.t('social.join.copy', { anime: 1, manga: 12 })).toContain('1 anime entry and 12 manga entries');
    expect(leftMessage(fr, false).embeds?.[0]?.description).toBe(fr.t('social.leave.notJoined.text'));
  });
});

describe('feed posts in the server’s language', () => {
  const item: FeedItem = { kind: 'anime', id: 5, title: 'Frieren', nsfw: false, event: 'completed', score: 9, progress: { from: 11, to: 12, total: 12 } };
  const channel = { channelId: '200000000000000001', ageRestricted: false };

  it('lines, the embed and the buttons', () => {
    expect(feedLine(fr, item, false)).toBe(
      [fr.t('social.feed.line.completed', { name: '**Frieren**' }), fr.t('social.feed.progress', { gained: fr.t('social.feed.watched', { count: 1 }), at: fr.t('social.feed.at', { to: 12, total: 12 }) }), fr.t('social.feed.score', { score: 9 })].join(' · '),
    );
    expect(ENGLISH.t('social.feed.watched', { count: 1 })).toBe('watched 1 episode');
    const embed = feedPostEmbed(ja, '300000000000000001', 'alice', [item], false);
    expect(embed.footer?.text).toBe(ja.t('social.feed.footer'));
    const message = feedPostMessage({ postId: 'p', guildId: 'g', channel, locale: 'fr', discordUserId: '300000000000000001', serviceUser: 'alice', items: [item] }, 'https://service.example.test', feedPostIds);
    expect(JSON.stringify(message)).toContain(fr.t('social.feed.button.add'));
    expect(message.embeds?.[0]?.author?.name).toBe(fr.t('social.feed.author', { user: 'alice' }));
    // No locale noted: English.
    const english = feedPostMessage({ postId: 'p', guildId: 'g', channel, discordUserId: '300000000000000001', serviceUser: 'alice', items: [item] }, 'https://service.example.test', feedPostIds);
    expect(english.embeds?.[0]?.footer?.text).toBe(ENGLISH.t('social.feed.footer'));
  });

  it('the paused notice and the /feed channel list', () => {
    const notice = feedPausedNotice('fr', undefined, { ...channel, roleId: '400000000000000001' }, '403 Missing Access');
    expect(notice.embeds?.[0]?.title).toBe(fr.t('social.feedChannel.notice.title'));
    expect(notice.embeds?.[0]?.description).toContain(fr.t('social.feedChannel.notice.fix', { hasRole: 'yes' }));
    expect(notice.embeds?.[0]?.description).toContain(`**${fr.t('social.feedChannel.notice.yourServer')}**`);
    expect(feedPausedNotice(undefined, 'club', channel, 'x').embeds?.[0]?.title).toBe(ENGLISH.t('social.feedChannel.notice.title'));
    const list = feedChannelListMessage(de, [{ ...channel, pausedAt: 1, pausedReason: 'nope' }]);
    expect(list.embeds?.[0]?.description).toContain(de.t('social.feedChannel.list.head', { count: 1 }));
    expect(list.embeds?.[0]?.description).toContain(de.t('social.feedChannel.paused', { reason: 'nope', channel: channel.channelId }));
  });
});

describe('the feed record keeps the server’s language', () => {
  const GUILD = '100000000000000001';

  it('is noted by add and remove, refreshed by a later command, and kept when none is given', async () => {
    const kv = new MemoryEngine();
    const channels = new FeedChannels(kv, () => 0);
    await channels.add(GUILD, { channelId: '1', ageRestricted: false }, 'fr');
    expect(await channels.server(GUILD)).toEqual({ channels: [{ channelId: '1', ageRestricted: false }], locale: 'fr' });
    await channels.add(GUILD, { channelId: '2', ageRestricted: false });
    expect((await channels.server(GUILD)).locale).toBe('fr');
    await channels.noteLocale(GUILD, 'ja');
    expect((await channels.server(GUILD)).locale).toBe('ja');
    await channels.remove(GUILD, '2', 'de');
    expect(await channels.server(GUILD)).toEqual({ channels: [{ channelId: '1', ageRestricted: false }], locale: 'de' });
    expect(await channels.list(GUILD)).toEqual([{ channelId: '1', ageRestricted: false }]);
    // The last channel gone, the record goes (its language with it); noting a language then writes nothing.
    await channels.remove(GUILD, '1');
    await channels.noteLocale(GUILD, 'fr');
    expect(await kv.get(FEED_GUILD_PREFIX + GUILD)).toBeUndefined();
  });

  it('reads a record from before the language (a bare array) as English, and ignores a value that is not a locale', async () => {
    const kv = new MemoryEngine();
    const old = JSON.stringify([{ channelId: '1', ageRestricted: true, roleId: '9' }]);
    await kv.set(FEED_GUILD_PREFIX + GUILD, old);
    const channels = new FeedChannels(kv, () => 0);
    expect(await channels.server(GUILD)).toEqual({ channels: [{ channelId: '1', ageRestricted: true, roleId: '9' }] });
    expect(parseFeedServer(JSON.stringify({ locale: 'Bonjour tout le monde', channels: [{ channelId: '1', ageRestricted: false }] }))).toEqual({ channels: [{ channelId: '1', ageRestricted: false }] });
    expect(parseFeedServer(JSON.stringify({ locale: 'xx', channels: 'nope' }))).toEqual({ channels: [] });
    // An old record upgraded by the next command keeps its channels.
    await channels.noteLocale(GUILD, 'pt-BR');
    expect(await channels.server(GUILD)).toEqual({ channels: [{ channelId: '1', ageRestricted: true, roleId: '9' }], locale: 'pt-BR' });
  });
});
