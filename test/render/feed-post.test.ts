// The feed post's message (src/render/feed-post.ts): lines per title, not-safe-for-work titles named
// only in age-restricted channels (no buttons that would name them elsewhere), hostile titles through
// the gate, Open and "Add to my list" buttons (their ids from the feed's room).

import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../src/i18n/index.js';
import { addToListButtonId, feedLine, feedPostIds, feedPostMessage, hiddenFeedTitle } from '../../src/render/feed-post.js';
import { finalizeMessage } from '../../src/render/limits.js';
import type { FeedPost } from '../../src/activity-feed/feed-posting.js';
import type { FeedItem } from '../../src/activity-feed/feed-changes.js';

const WEB = 'https://service.example.test';
const safe: FeedItem = { kind: 'anime', id: 5, title: 'Frieren', nsfw: false, event: 'completed', score: 9, progress: { from: 10, to: 12, total: 12 } };
const adult: FeedItem = { kind: 'anime', id: 6, title: 'Secret Adult Title', nsfw: true, event: 'started' };
const manga: FeedItem = { kind: 'manga', id: 7, title: 'Berserk', nsfw: false, progress: { from: 100, to: 103, total: 0 } };

function post(ageRestricted: boolean, items: FeedItem[] = [safe, adult, manga], roleId?: string): FeedPost {
  return { postId: 'b1:c1', guildId: 'g', channel: { channelId: '200000000000000001', ageRestricted, ...(roleId ? { roleId } : {}) }, discordUserId: '300000000000000001', serviceUser: 'alice', items };
}

const text = (p: FeedPost) => JSON.stringify(finalizeMessage(feedPostMessage(p, WEB, feedPostIds)));

describe('feed post', () => {
  it('says what happened per title', () => {
    expect(feedLine(ENGLISH, safe, false)).toBe('✅ completed **Frieren** · watched 2 episodes (12/12) · scored 9/10');
    expect(feedLine(ENGLISH, manga, false)).toBe('📈 read 3 chapters of **Berserk** (now 103)');
    expect(feedLine(ENGLISH, { ...safe, event: undefined, progress: undefined }, false)).toBe('⭐ scored 9/10 **Frieren**');
    expect(feedLine(ENGLISH, { ...manga, event: 'started', progress: undefined }, false)).toBe('▶️ started reading **Berserk**');
  });

  it('names a not-safe-for-work title only in an age-restricted channel; elsewhere "a title hidden here" and no buttons for it', () => {
    const outside = text(post(false));
    expect(outside).not.toContain('Secret Adult Title');
    expect(outside).toContain(hiddenFeedTitle(ENGLISH));
    expect(outside).not.toContain(addToListButtonId('anime', 6));
    expect(outside).not.toContain(`${WEB}/anime/6`);
    const inside = text(post(true));
    expect(inside).toContain('Secret Adult Title');
    expect(inside).toContain(addToListButtonId('anime', 6));
  });

  it('has an Open link and an "Add to my list" button per named title', () => {
    const message = finalizeMessage(feedPostMessage(post(false), WEB, feedPostIds));
    const rows = message.components ?? [];
    expect(rows).toHaveLength(2);
    const [open, add] = rows[0]?.components ?? [];
    expect(open).toMatchObject({ url: `${WEB}/anime/5`, label: 'Open: Frieren' });
    expect(add).toMatchObject({ custom_id: addToListButtonId('anime', 5), label: 'Add to my list' });
    expect(rows[1]?.components[0]).toMatchObject({ url: `${WEB}/manga/7` });
  });

  it('titles and names are untrusted: mentions are shown literally, the member is named only inside the embed', () => {
    const hostile = post(false, [{ ...safe, title: '@everyone <@&123> [click](https://evil.example)' }]);
    hostile.serviceUser = '@here';
    const message = finalizeMessage(feedPostMessage(hostile, WEB, feedPostIds));
    expect(message.content).toBeUndefined();
    expect(message.allowed_mentions).toEqual({ parse: [] });
    const description = message.embeds?.[0]?.description ?? '';
    expect(description).not.toMatch(/(^|[^\\])@everyone/);
    expect(description).not.toMatch(/(^|[^\\])<@&123>/);
    expect(description).not.toContain('](https://evil.example)');
    expect(description.startsWith('<@300000000000000001>')).toBe(true);
  });
});
