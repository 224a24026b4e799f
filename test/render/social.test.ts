import { describe, expect, it } from 'vitest';
import { finalizeMessage } from '../../src/render/limits.js';
import { ENGLISH } from '../../src/i18n/index.js';
import {
  compareEmbed,
  hiddenTitle,
  leaderboardEmbed,
  memberLabel,
  serverMembersEmbed,
  serverViewEmbed,
  topTitlesEmbed,
} from '../../src/render/social.js';
import { computeAffinity } from '../../src/community/affinity.js';
import { leaderboard } from '../../src/community/leaderboards.js';
import { entry, mirror, summaries, topOf, viewOf } from '../community/boards-fixtures.js';
import { assertMentionsDisabled, assertWithinDiscordLimits } from './discord-limits.js';
import { HOSTILE, embedProblems, visibleText } from './hostile-text.js';
import type { APIEmbed } from 'discord.js';

const ID = (n: number) => String(1_100_000_000_000_000_000n + BigInt(n));

/** Problems other than the members' own mentions, which the bot writes on purpose (never pinging). */
function problemsBesidesMembers(embeds: APIEmbed[]): string[] {
  const strip = (t: string | undefined) => t?.replace(/<@1\d{18}>/g, '@member');
  return embedProblems(
    embeds.map((e) => ({ ...e, title: strip(e.title), description: strip(e.description), fields: e.fields?.map((f) => ({ name: f.name, value: strip(f.value) ?? '' })) })),
  );
}

function checked(embeds: APIEmbed[]): APIEmbed[] {
  const final = finalizeMessage({ embeds });
  assertWithinDiscordLimits(final);
  assertMentionsDisabled(final);
  expect(problemsBesidesMembers(final.embeds ?? [])).toEqual([]);
  return final.embeds ?? [];
}

describe('memberLabel', () => {
  it("shows the member's mention and the service name through the gate", () => {
    expect(memberLabel(ENGLISH, ID(1), 'alice_x')).toBe(`<@${ID(1)}> (alice\\_x)`);
    expect(memberLabel(ENGLISH, 'not-an-id', 'bob')).toBe('(bob)');
    expect(memberLabel(ENGLISH, ID(1), '\u200b')).toBe(`<@${ID(1)}>`);
  });
});

describe('rendering hostile names and titles', () => {
  for (const c of HOSTILE) {
    it(`keeps ${c.name} inert in every community embed`, () => {
      const members = [0, 1, 2].map((n) =>
        mirror(ID(n), [entry(7, { title: c.text, score: 5 + n, progress: 3, status: n === 2 ? 'watching' : 'completed' }), ...[1, 2, 3, 4, 5].map((i) => entry(i, { score: i + n }))], { serviceUser: c.text }),
      );
      const embeds = [
        serverViewEmbed(ENGLISH, viewOf('anime', 7, members)),
        serverMembersEmbed(ENGLISH, viewOf('anime', 7, members), 'a title', 0, 10),
        compareEmbed(ENGLISH, 'anime', members[0] as never, members[1] as never, computeAffinity(members[0]?.entries ?? [], members[1]?.entries ?? []), true),
        leaderboardEmbed(ENGLISH, 'episodes', 'anime', leaderboard(summaries(members), 'episodes'), 0, 10, ID(0)),
        topTitlesEmbed(ENGLISH, 'anime', undefined, topOf(members), 0, 10, new Map(), true, 3),
      ];
      const final = checked(embeds);
      expect(visibleText(final)).toContain(c.shows.slice(0, 10));
    });
  }
});

describe('serverViewEmbed', () => {
  it('says how many members have it per status, their mean score and at most five members, with plurals', () => {
    const members = Array.from({ length: 7 }, (_, n) => mirror(ID(n), [entry(9, { status: n < 2 ? 'watching' : 'completed', score: n === 0 ? 0 : 8, progress: n < 2 ? 4 : 12 })]));
    const [embed] = checked([serverViewEmbed(ENGLISH, viewOf('anime', 9, members))]);
    const text = embed?.description ?? '';
    expect(embed?.title).toBe('In this server');
    expect(text).toContain('7 members have it here: 2 watching · 5 completed');
    expect(text).toContain('Their mean score: **8** (6 scores)');
    expect(text).toContain(`<@${ID(1)}> (user${ID(1)}) — Watching · scored 8 · 4/12 episodes`);
    expect(text.match(/<@/g)).toHaveLength(5);
    expect(text).toContain('…and 2 other members');
  });

  it('speaks in the singular for one member and says when nobody scored it', () => {
    const [embed] = checked([serverViewEmbed(ENGLISH, viewOf('manga', 3, [mirror(ID(1), [entry(3, { status: 'reading', progress: 1, total: 0 })], { kind: 'manga' })]))]);
    expect(embed?.description).toContain('1 member has it here: 1 reading');
    expect(embed?.description).toContain('\nNobody here scored it yet');
    expect(embed?.description).toContain('Reading · 1 chapter');
    expect(embed?.description).not.toContain('other member');
  });
});

describe('compareEmbed', () => {
  const a = mirror(ID(1), [1, 2, 3, 4, 5, 6].map((i) => entry(i, { score: i + 3 })));
  const b = mirror(ID(2), [1, 2, 3, 4, 5, 6, 7, 8].map((i) => entry(i, { score: i === 6 ? 1 : i + 3, nsfw: i === 5 })));

  it('shows the share in common, the correlation as a percentage with its basis, and agree/disagree titles', () => {
    const [embed] = checked([compareEmbed(ENGLISH, 'anime', a, b, computeAffinity(a.entries, b.entries), false)]);
    const text = visibleText([embed as APIEmbed]);
    expect(text).toContain('**75%** of the titles on either list are on both: 6 titles in common (6 and 8 on their lists).');
    expect(text).toMatch(/\*\*-?\d+%\*\* correlation of scores, on 6 titles scored by both\./);
    expect(embed?.fields?.map((f) => f.name)).toEqual(['Agree most on', 'Disagree most on']);
    expect(embed?.description).toContain(`-# Scores below: user${ID(1)} vs user${ID(2)}`);
    expect(embed?.fields?.[1]?.value).toBe('Title 6 — 9 vs 1');
    // title 5 is not safe for work: hidden outside age-restricted channels
    expect(embed?.fields?.[0]?.value).not.toContain('Title 5');
    expect(embed?.fields?.[0]?.value).toContain(hiddenTitle(ENGLISH));
  });

  it('says "too few" instead of a number under five titles scored by both', () => {
    const few = computeAffinity(a.entries.slice(0, 4), b.entries);
    const [embed] = checked([compareEmbed(ENGLISH, 'manga', a, b, few, true)]);
    expect(embed?.description).toContain('Too few titles scored by both to tell (4 titles; at least 5 needed).');
    expect(embed?.description).not.toMatch(/% correlation/);
    expect(embed?.title).toBe('Manga taste compared');
  });

  it('explains a correlation that cannot be computed', () => {
    const flat = computeAffinity([1, 2, 3, 4, 5].map((i) => entry(i, { score: 7 })), b.entries);
    const [embed] = checked([compareEmbed(ENGLISH, 'anime', a, b, flat, true)]);
    expect(embed?.description).toContain('No correlation: one of you gave all 5 titles scored by both the same score.');
  });
});

describe('leaderboardEmbed', () => {
  const members = Array.from({ length: 25 }, (_, n) => mirror(ID(n), [entry(1, { progress: 100 - n, episodeSeconds: 1440 })]));
  const rows = leaderboard(summaries(members), 'episodes');

  it("marks the viewer's line on their page", () => {
    const [embed] = checked([leaderboardEmbed(ENGLISH, 'episodes', 'anime', rows, 0, 10, ID(3))]);
    expect(embed?.description).toContain(`▶ **#4** <@${ID(3)}> (user${ID(3)}) — 97 episodes ← you`);
    expect(embed?.description?.match(/← you/g)).toHaveLength(1);
    expect(embed?.footer?.text).toBe("25 members of this server's list community ranked");
  });

  it('tells the viewer their place when it is on another page, and when they are not on it', () => {
    const [page2] = checked([leaderboardEmbed(ENGLISH, 'episodes', 'anime', rows, 10, 10, ID(3))]);
    expect(page2?.description).toContain('You are **#4** with 97 episodes.');
    expect(page2?.description).not.toContain('← you');
    const [outside] = checked([leaderboardEmbed(ENGLISH, 'episodes', 'anime', rows, 0, 10, ID(99))]);
    expect(outside?.description).toContain('You are not on this leaderboard.');
  });

  it('names each metric with its unit', () => {
    const days = leaderboard(summaries(members.slice(0, 1)), 'days');
    expect(checked([leaderboardEmbed(ENGLISH, 'days', 'anime', days, 0, 10, ID(0))])[0]?.description).toContain('— 1.7 days');
    expect(checked([leaderboardEmbed(ENGLISH, 'episodes', 'manga', rows.slice(0, 1), 0, 10, ID(0))])[0]?.title).toBe('Chapters read — manga leaderboard');
    const one = leaderboard(summaries([mirror(ID(0), [entry(1, { score: 8 })])]), 'mean_score');
    expect(checked([leaderboardEmbed(ENGLISH, 'mean_score', 'anime', one, 0, 10, ID(0))])[0]?.description).toContain('8 (1 score)');
  });
});

describe('topTitlesEmbed', () => {
  it('lists titles with members and mean score, marks those on the viewer list, hides unsafe titles', () => {
    const members = [0, 1, 2].map((n) => mirror(ID(n), [entry(1, { score: 8 }), entry(2, { nsfw: true, title: 'Secret' })]));
    const mine = new Map([[1, { status: 'completed', score: 9 }]]);
    const [embed] = checked([topTitlesEmbed(ENGLISH, 'anime', 'completed', topOf(members), 0, 10, mine, false, 3)]);
    expect(embed?.title).toBe('Top anime in this server (completed)');
    expect(embed?.description).toContain('**#1** Title 1\n\u20033 members · mean 8 · ✓ you: completed, 9');
    expect(embed?.description).toContain(`**#2** ${hiddenTitle(ENGLISH)}`);
    expect(embed?.description).not.toContain('Secret');
  });

  it('says so when no title reaches the minimum', () => {
    const [embed] = checked([topTitlesEmbed(ENGLISH, 'manga', undefined, [], 0, 10, new Map(), false, 3)]);
    expect(embed?.description).toBe('No manga is on the lists of 3 members or more yet.');
  });
});
