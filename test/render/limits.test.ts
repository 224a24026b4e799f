import { describe, expect, it } from 'vitest';
import type { APIEmbed } from 'discord.js';
import { embedTextLength, finalizeMessage, type MessageRow, type RenderedMessage } from '../../src/render/limits.js';
import { assertMentionsDisabled, assertWithinDiscordLimits, unbalancedMarkers } from './discord-limits.js';
import { Prng } from '../../emulator/prng.js';

const words = (n: number, word = 'word'): string => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');

function maxEmbed(i: number): APIEmbed {
  return {
    title: 'T'.repeat(256),
    description: `||${words(480)}||`,
    fields: Array.from({ length: 25 }, (_, j) => ({ name: `N${i}-${j}`.padEnd(256, 'n'), value: `**${words(150, 'v')}**` })),
    footer: { text: 'F'.repeat(2048) },
    author: { name: 'A'.repeat(256) },
  };
}

function button(id: string, label = 'Go'): MessageRow['components'][number] {
  return { type: 2, style: 1, custom_id: id, label };
}

describe('finalizeMessage: content and flags', () => {
  it('always disables mentions', () => {
    assertMentionsDisabled(finalizeMessage({ content: '@everyone hi <@123>' }));
    assertMentionsDisabled(finalizeMessage({}));
  });

  it('sets the ephemeral flag only when asked', () => {
    expect(finalizeMessage({ content: 'x', ephemeral: true }).flags).toBe(64);
    expect(finalizeMessage({ content: 'x' }).flags).toBeUndefined();
  });

  it('clamps content to 2000 with markdown kept balanced', () => {
    const out = finalizeMessage({ content: `**${words(1000)}**` });
    expect(out.content?.length).toBeLessThanOrEqual(2000);
    expect(out.content?.endsWith('…**')).toBe(true);
    assertWithinDiscordLimits(out);
  });

  it('never sends an empty message when the text was blank', () => {
    expect(finalizeMessage({ content: '', embeds: [{ color: 1 }] }).content).toBe('\u200b');
    expect(finalizeMessage({ components: [] }).content).toBeUndefined();
  });

  it('does not mutate its input', () => {
    const msg: RenderedMessage = { embeds: [maxEmbed(0), maxEmbed(1)] };
    const copy = structuredClone(msg);
    finalizeMessage(msg);
    expect(msg).toEqual(copy);
  });
});

describe('finalizeMessage: embeds', () => {
  it('keeps at most 10 embeds', () => {
    const out = finalizeMessage({ embeds: Array.from({ length: 14 }, (_, i) => ({ title: `e${i}` })) });
    expect(out.embeds).toHaveLength(10);
  });

  it('clamps every embed text limit', () => {
    const out = finalizeMessage({
      embeds: [
        {
          title: words(100),
          description: words(1000),
          fields: Array.from({ length: 30 }, () => ({ name: words(60), value: words(300) })),
          footer: { text: words(500) },
          author: { name: words(100) },
        },
      ],
    });
    const e = out.embeds?.[0];
    expect(e?.title?.length).toBeLessThanOrEqual(256);
    expect(e?.fields?.length).toBeLessThanOrEqual(25);
    for (const f of e?.fields ?? []) {
      expect(f.name.length).toBeLessThanOrEqual(256);
      expect(f.value.length).toBeLessThanOrEqual(1024);
    }
    assertWithinDiscordLimits(out);
  });

  it('fills empty field names and values with a zero-width space', () => {
    const out = finalizeMessage({ embeds: [{ fields: [{ name: '', value: '' }, { name: '  ', value: 'ok' }] }] });
    expect(out.embeds?.[0]?.fields).toEqual([
      { name: '\u200b', value: '\u200b' },
      { name: '\u200b', value: 'ok' },
    ]);
  });

  it('drops empty embeds, blank footers/authors and bad URLs', () => {
    const out = finalizeMessage({
      embeds: [
        { color: 5 },
        { title: 'x', footer: { text: ' ' }, author: { name: '' }, thumbnail: { url: 'not a url' }, image: { url: 'javascript:alert(1)' }, url: 'ftp://x' },
      ],
    });
    expect(out.embeds).toEqual([{ title: 'x' }]);
  });

  it('fits 10 embeds of maximum size under the 6000 total, descriptions first', () => {
    const embeds = Array.from({ length: 10 }, (_, i) => maxEmbed(i));
    for (const e of embeds) {
      expect(e.description?.length).toBeLessThanOrEqual(4096);
      for (const f of e.fields ?? []) expect(f.value.length).toBeLessThanOrEqual(1024);
    }
    const out = finalizeMessage({ embeds });
    assertWithinDiscordLimits(out);
    expect(embedTextLength(out.embeds ?? [])).toBeLessThanOrEqual(6000);
    expect(out.embeds).toHaveLength(10);
    for (const e of out.embeds ?? []) {
      // Footers and author names go before titles; descriptions keep their floor.
      expect(e.title).toBe('T'.repeat(256));
      expect(e.description?.startsWith('||word0')).toBe(true);
      expect(e.description?.endsWith('…||')).toBe(true);
      for (const text of [e.description ?? '', ...(e.fields ?? []).map((f) => f.value)]) expect(unbalancedMarkers(text)).toEqual([]);
    }
  });

  it('shrinks the description before touching fields when that is enough', () => {
    const out = finalizeMessage({
      embeds: [
        { title: 'a', description: words(700), fields: [{ name: 'keep', value: words(100) }] },
        { title: 'b', description: words(700) },
      ],
    });
    assertWithinDiscordLimits(out);
    const field = out.embeds?.[0]?.fields?.[0];
    expect(field?.value).toBe(words(100));
    expect(out.embeds?.[0]?.description?.endsWith('…')).toBe(true);
  });

  it('drops trailing fields when shrinking text is not enough', () => {
    const fields = Array.from({ length: 25 }, (_, j) => ({ name: `name ${j}`.padEnd(200, '.'), value: 'v'.repeat(100) }));
    const out = finalizeMessage({ embeds: [{ title: 'a', fields }, { title: 'b', fields }] });
    assertWithinDiscordLimits(out);
    // Values shrink first (to a floor), then fields go from the end of the message.
    const first = out.embeds?.[0]?.fields ?? [];
    expect(first.length).toBeGreaterThan(15);
    expect(first[0]?.name).toBe(fields[0]?.name);
    expect(out.embeds?.[1]?.fields).toBeUndefined();
    expect(out.embeds?.[1]?.title).toBe('b');
  });
});

describe('finalizeMessage: components', () => {
  it('splits rows to at most 5 buttons and keeps at most 5 rows', () => {
    const rows: MessageRow[] = Array.from({ length: 4 }, (_, r) => ({
      type: 1,
      components: Array.from({ length: 7 }, (_, b) => button(`r${r}b${b}`)),
    }));
    const out = finalizeMessage({ components: rows });
    expect(out.components).toHaveLength(5);
    for (const row of out.components ?? []) expect(row.components.length).toBeLessThanOrEqual(5);
    assertWithinDiscordLimits(out);
  });

  it('puts a select alone in its row and clamps options', () => {
    const options = Array.from({ length: 40 }, (_, i) => ({ label: `L${i} `.repeat(40), value: `v${i}`.padEnd(150, 'x'), description: 'd'.repeat(300) }));
    const out = finalizeMessage({
      components: [{ type: 1, components: [button('a'), { type: 3, custom_id: 'sel', options, max_values: 40, placeholder: 'p'.repeat(200) }, button('b')] }],
    });
    expect(out.components?.map((r) => r.components.length)).toEqual([1, 1, 1]);
    const select = out.components?.[1]?.components[0];
    expect(select && 'options' in select ? select.options.length : 0).toBe(25);
    assertWithinDiscordLimits(out);
  });

  it('clamps button labels to 80', () => {
    const out = finalizeMessage({ components: [{ type: 1, components: [button('x', 'label '.repeat(30))] }] });
    const b = out.components?.[0]?.components[0];
    expect(b && 'label' in b ? (b.label?.length ?? 0) : 0).toBeLessThanOrEqual(80);
  });

  it('drops a select with no options and link buttons with bad URLs', () => {
    const out = finalizeMessage({
      components: [
        { type: 1, components: [{ type: 3, custom_id: 'empty', options: [] }] },
        { type: 1, components: [{ type: 2, style: 5, url: 'javascript:x', label: 'bad' }] },
      ],
    });
    expect(out.components).toEqual([]);
  });

  it('throws for a custom_id over 100 characters, empty, or duplicated', () => {
    expect(() => finalizeMessage({ components: [{ type: 1, components: [button('x'.repeat(101))] }] })).toThrow(/custom_id/);
    expect(() => finalizeMessage({ components: [{ type: 1, components: [button('')] }] })).toThrow(/custom_id/);
    expect(() => finalizeMessage({ components: [{ type: 1, components: [button('same'), button('same')] }] })).toThrow(/duplicate/);
    expect(() => finalizeMessage({ components: [{ type: 1, components: [button('x'.repeat(100))] }] })).not.toThrow();
  });
});

// ---- property-style: random payloads, deterministic seed ------------------------------------------

function mulberry32(seed: number): () => number {
  const prng = new Prng(seed);
  return () => prng.next();
}

const PIECES = ['word', ' ', ' ', '\n', '**', '*', '__', '_', '~~', '||', '`', '```', '\\', '😀', '日本', '[label](https://example.com/x)', '<t:1614150333:R>', '> ', '# ', 'https://a.b/c_d'];

function randomText(rand: () => number, maxLen: number): string {
  const target = Math.floor(rand() * maxLen);
  let s = '';
  while (s.length < target) s += PIECES[Math.floor(rand() * PIECES.length)] ?? 'x';
  return s;
}

function randomMessage(rand: () => number, n: number): RenderedMessage {
  const int = (max: number): number => Math.floor(rand() * (max + 1));
  const embeds: APIEmbed[] = Array.from({ length: int(13) }, () => {
    const e: APIEmbed = {};
    if (rand() < 0.8) e.title = randomText(rand, 500);
    if (rand() < 0.8) e.description = randomText(rand, 6000);
    if (rand() < 0.6) e.fields = Array.from({ length: int(32) }, () => ({ name: randomText(rand, 400), value: randomText(rand, 1600) }));
    if (rand() < 0.4) e.footer = { text: randomText(rand, 2500) };
    if (rand() < 0.3) e.author = { name: randomText(rand, 400) };
    return e;
  });
  const components: MessageRow[] = Array.from({ length: int(7) }, (_, r) => ({
    type: 1,
    components:
      rand() < 0.3
        ? [
            {
              type: 3,
              custom_id: `m${n}s${r}`,
              options: Array.from({ length: int(35) }, (_, o) => ({ label: randomText(rand, 150), value: `${o}-${randomText(rand, 130)}` })),
            },
          ]
        : Array.from({ length: int(8) }, (_, b) => button(`m${n}r${r}b${b}`, randomText(rand, 120))),
  }));
  const msg: RenderedMessage = { embeds, components };
  if (rand() < 0.7) msg.content = randomText(rand, 3000);
  return msg;
}

describe('finalizeMessage: random payloads', () => {
  it('always produces a payload within every limit, and is stable on its own output', () => {
    const rand = mulberry32(0xc0ffee);
    for (let n = 0; n < 120; n++) {
      const out = finalizeMessage(randomMessage(rand, n));
      assertWithinDiscordLimits(out);
      assertMentionsDisabled(out);
      const again = finalizeMessage({
        ...(out.content !== undefined ? { content: out.content } : {}),
        ...(out.embeds ? { embeds: out.embeds } : {}),
        ...(out.components ? { components: out.components } : {}),
      });
      expect(again).toEqual(out);
    }
  });
});
