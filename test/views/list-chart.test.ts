import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { BaseContext, BotDeps } from '../../src/interactions/context.js';
import { ENGLISH, translator, type Translator } from '../../src/i18n/index.js';
import type { ListItem } from '../../src/service/kinds.js';
import type { Page } from '../../src/service/common-types.js';
import type { NsfwLevel } from '../../src/service/work-types.js';
import { renderListChart, type ChartSize } from '../../src/views/list-chart.js';

interface Row {
  id: number;
  title: string;
  score: number;
  nsfw?: NsfwLevel;
}

const ROWS: Row[] = [
  { id: 1, title: 'Cowboy Bebop', score: 10 },
  { id: 2, title: 'Hidden Garden', score: 9, nsfw: 'black' },
  { id: 3, title: 'Mushishi', score: 9 },
  { id: 4, title: '葬送のフリーレン', score: 8 },
  { id: 5, title: 'Grey Area', score: 8, nsfw: 'gray' },
  { id: 6, title: 'Planetes', score: 7 },
  { id: 7, title: 'Haibane Renmei', score: 0 },
  { id: 8, title: 'Kino no Tabi', score: 7 },
  { id: 9, title: 'Aria', score: 6 },
  { id: 10, title: 'Yokohama Kaidashi Kikou', score: 6 },
  { id: 11, title: 'Natsume', score: 5 },
];

const url = (id: number) => `https://pictures.example.test/images/anime/${id}.jpg`;

function jpeg(hue: number): Buffer {
  const canvas = createCanvas(225, 318);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = `hsl(${hue}, 60%, 50%)`;
  ctx.fillRect(0, 0, 225, 318);
  return canvas.toBuffer('image/jpeg');
}

function setup(o: { ageRestricted?: boolean; t?: Translator; missing?: number[] } = {}) {
  const listCalls: Array<{ user: string; options: Record<string, unknown> }> = [];
  const coverUrls: string[] = [];
  const page: Page<ListItem<'anime'>> = {
    data: ROWS.map((r) => ({
      node: { id: r.id, title: r.title, main_picture: { medium: url(r.id), large: url(r.id) }, ...(r.nsfw ? { nsfw: r.nsfw } : { nsfw: 'white' }) },
      list_status: { status: 'completed', score: r.score },
    })) as ListItem<'anime'>[],
    paging: {},
  };
  const service = {
    userList: async (_kind: string, user: string, options: Record<string, unknown>) => {
      listCalls.push({ user, options });
      return page;
    },
  };
  const covers = {
    covers: async (urls: readonly (string | undefined)[]) => {
      coverUrls.push(...urls.filter((u): u is string => u !== undefined));
      return urls.map((u, i) => (u === undefined || o.missing?.some((id) => u === url(id)) ? undefined : jpeg(i * 37)));
    },
  };
  const ctx: BaseContext = {
    userId: '1100000000000000001',
    t: o.t ?? ENGLISH,
    guildId: '1200000000000000001',
    where: { place: 'guild', ageRestricted: o.ageRestricted ?? false } as BaseContext['where'],
    deps: { service, covers } as unknown as BotDeps,
    signal: new AbortController().signal,
    deadlineAt: Date.now() + 10_000,
    budgetEndsAt: () => Date.now() + 10_000,
    viewerAuth: async () => undefined,
    requireAuth: async () => {
      throw new Error('not used');
    },
  };
  const chart = (size: ChartSize = '3x3', sort: 'score' | 'recent' = 'score') => renderListChart(ctx, { kind: 'anime', user: 'alice', size, status: 'completed', sort });
  return { chart, listCalls, coverUrls };
}

describe('a chart of a user list', () => {
  it('reads the list once, sorted by the service, with room for the titles left out', async () => {
    const s = setup();
    await s.chart('3x3', 'recent');
    expect(s.listCalls).toHaveLength(1);
    expect(s.listCalls[0]?.user).toBe('alice');
    expect(s.listCalls[0]?.options).toMatchObject({ limit: 18, nsfw: true, status: 'completed', sort: 'list_updated_at' });
    const inAgeRestricted = setup({ ageRestricted: true });
    await inAgeRestricted.chart('5x5');
    expect(inAgeRestricted.listCalls[0]?.options).toMatchObject({ limit: 25, sort: 'list_score' });
  });

  it('leaves out titles not safe for work outside age-restricted channels: not drawn, not named, their covers never asked for', async () => {
    const s = setup();
    const answer = await s.chart('3x3');
    const file = answer.files?.[0];
    expect(answer.files).toHaveLength(1);
    expect(file?.name).toMatch(/^anime-chart\.(png|webp)$/);
    expect(file?.contentType).toBe(`image/${file?.name.split('.')[1]}`);
    expect(s.coverUrls).not.toContain(url(2));
    expect(s.coverUrls).not.toContain(url(5));
    expect(s.coverUrls).toHaveLength(9);
    expect(file?.description).not.toContain('Hidden Garden');
    expect(file?.description).not.toContain('Grey Area');
    expect(answer.content).toContain('2 titles not safe for work left out');
    expect(file?.description).toContain('2 titles not safe for work left out');
  });

  it('shows them in an age-restricted channel, with no note', async () => {
    const s = setup({ ageRestricted: true });
    const answer = await s.chart('3x3');
    expect(s.coverUrls).toContain(url(2));
    expect(answer.files?.[0]?.description).toContain('Hidden Garden, scored 9');
    expect(answer.content).toBeUndefined();
  });

  it('names every tile with its score in the alt text, in the reader’s language', async () => {
    const en = await setup().chart('3x3');
    expect(en.files?.[0]?.description).toMatch(/^Chart of 9 covers, alice's anime list · Completed · by score: Cowboy Bebop, scored 10; Mushishi, scored 9; 葬送のフリーレン, scored 8;/);
    expect(en.files?.[0]?.description).toContain('Haibane Renmei, not scored');
    const ja = await setup({ t: translator('ja') }).chart('3x3');
    expect(ja.files?.[0]?.description).toContain('カバー9枚のチャート');
    expect(ja.files?.[0]?.description).toContain('Cowboy Bebop（スコア 10）');
  });

  it('fills what it can from a list shorter than the grid', async () => {
    const answer = await setup().chart('5x5');
    const image = await loadImage(answer.files?.[0]?.data ?? Buffer.alloc(0));
    // Five columns wide, two rows for the nine titles that may be shown.
    expect(image.width).toBe(5 * 180 + 6 * 6);
    expect(answer.files?.[0]?.description).toContain('Chart of 9 covers');
  });

  it('draws a placeholder where a cover could not be had', async () => {
    const whole = await setup().chart('3x3');
    const missing = await setup({ missing: [1] }).chart('3x3');
    const pixel = async (data: Buffer | undefined, x: number, y: number) => {
      const image = await loadImage(data ?? Buffer.alloc(0));
      const canvas = createCanvas(image.width, image.height);
      const ctx = canvas.getContext('2d');
      ctx.drawImage(image, 0, 0);
      return [...ctx.getImageData(x, y, 1, 1).data];
    };
    // The first tile (Cowboy Bebop) starts at (6, 48); the second is the same in both.
    expect(await pixel(missing.files?.[0]?.data, 40, 80)).not.toEqual(await pixel(whole.files?.[0]?.data, 40, 80));
    expect(await pixel(missing.files?.[0]?.data, 230, 80)).toEqual(await pixel(whole.files?.[0]?.data, 230, 80));
    expect(missing.files?.[0]?.description).toContain('Cowboy Bebop, scored 10');
  });
});
