// The feed post as it goes to Discord: only the chosen role mentionable, a nonce per post.

import type { REST } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { feedPostNonceKey, type FeedPost } from '../../src/activity-feed/feed-posting.js';
import type { FeedItem } from '../../src/activity-feed/feed-changes.js';
import { feedDelivery } from '../../src/activity-feed/feed-delivery.js';
import { openDiscordSide } from '../../src/discord-api/discord-side.js';
import { feedPostIds, feedRendering } from '../../src/render/feed-post.js';

const WEB = 'https://service.example.test';
const safe: FeedItem = { kind: 'anime', id: 5, title: 'Frieren', nsfw: false, event: 'completed', score: 9, progress: { from: 10, to: 12, total: 12 } };

function post(ageRestricted: boolean, items: FeedItem[] = [safe], roleId?: string): FeedPost {
  return { postId: 'b1:c1', guildId: 'g', channel: { channelId: '200000000000000001', ageRestricted, ...(roleId ? { roleId } : {}) }, discordUserId: '300000000000000001', serviceUser: 'alice', items };
}

describe('feed post', () => {
  it('is posted with the chosen role allowed and nothing else, and a nonce per batch and channel', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    // The Discord side over a REST client that only records what it is asked to post.
    const rest = { post: (_route: string, o: { body: Record<string, unknown> }) => Promise.resolve(void bodies.push(o.body)) } as unknown as REST;
    const deliver = feedDelivery(openDiscordSide({ rest }), feedRendering(WEB, feedPostIds));
    expect(await deliver(post(false, [safe], '400000000000000001'), new AbortController().signal)).toEqual({ ok: true });
    expect(await deliver(post(false, [safe]), new AbortController().signal)).toEqual({ ok: true });
    expect(bodies[0]).toMatchObject({ content: '<@&400000000000000001>', allowed_mentions: { parse: [], roles: ['400000000000000001'] }, enforce_nonce: true, nonce: feedPostNonceKey('b1:c1') });
    expect(bodies[1]?.allowed_mentions).toEqual({ parse: [] });
    expect(String(bodies[0]?.nonce).length).toBeLessThanOrEqual(25);
    expect(feedPostNonceKey('b1:c1')).not.toBe(feedPostNonceKey('b1:c2'));
  });
});
