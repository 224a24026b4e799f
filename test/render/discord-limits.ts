// An independent statement of Discord's message limits (from discord-offline.md), used to check the
// rendering layer's output. Written separately from src/render/limits.ts on purpose.
import { expect } from 'vitest';

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function str(v: unknown, where: string, min: number, max: number, problems: string[]): void {
  if (typeof v !== 'string') {
    problems.push(`${where}: not a string`);
    return;
  }
  if (v.length < min || v.length > max) problems.push(`${where}: length ${v.length} not in ${min}..${max}`);
  if (min > 0 && v.trim() === '' && v !== '\u200b') problems.push(`${where}: blank`);
}

function optStr(v: unknown, where: string, max: number, problems: string[]): void {
  if (v !== undefined) str(v, where, 1, max, problems);
}

/** Every limit violation found in a raw message payload (empty when within limits). */
export function discordLimitProblems(payload: unknown): string[] {
  const problems: string[] = [];
  if (!isObj(payload)) return ['payload is not an object'];
  if (payload.content !== undefined) str(payload.content, 'content', 0, 2000, problems);

  const embeds = payload.embeds;
  if (embeds !== undefined) {
    if (!Array.isArray(embeds)) problems.push('embeds: not an array');
    else {
      if (embeds.length > 10) problems.push(`embeds: ${embeds.length} > 10`);
      let total = 0;
      embeds.forEach((e: unknown, i) => {
        const w = `embeds[${i}]`;
        if (!isObj(e)) {
          problems.push(`${w}: not an object`);
          return;
        }
        optStr(e.title, `${w}.title`, 256, problems);
        optStr(e.description, `${w}.description`, 4096, problems);
        total += (typeof e.title === 'string' ? e.title.length : 0) + (typeof e.description === 'string' ? e.description.length : 0);
        if (e.footer !== undefined) {
          if (!isObj(e.footer)) problems.push(`${w}.footer: not an object`);
          else {
            str(e.footer.text, `${w}.footer.text`, 1, 2048, problems);
            total += typeof e.footer.text === 'string' ? e.footer.text.length : 0;
          }
        }
        if (e.author !== undefined) {
          if (!isObj(e.author)) problems.push(`${w}.author: not an object`);
          else {
            str(e.author.name, `${w}.author.name`, 1, 256, problems);
            total += typeof e.author.name === 'string' ? e.author.name.length : 0;
          }
        }
        for (const key of ['image', 'thumbnail'] as const) {
          const media = e[key];
          if (media !== undefined && (!isObj(media) || typeof media.url !== 'string' || !/^(https?|attachment):\/\//.test(media.url))) {
            problems.push(`${w}.${key}: bad url`);
          }
        }
        if (e.fields !== undefined) {
          if (!Array.isArray(e.fields)) problems.push(`${w}.fields: not an array`);
          else {
            if (e.fields.length > 25) problems.push(`${w}.fields: ${e.fields.length} > 25`);
            e.fields.forEach((f: unknown, j) => {
              if (!isObj(f)) {
                problems.push(`${w}.fields[${j}]: not an object`);
                return;
              }
              str(f.name, `${w}.fields[${j}].name`, 1, 256, problems);
              str(f.value, `${w}.fields[${j}].value`, 1, 1024, problems);
              total += (typeof f.name === 'string' ? f.name.length : 0) + (typeof f.value === 'string' ? f.value.length : 0);
            });
          }
        }
        const visible = ['title', 'description', 'fields', 'image', 'thumbnail', 'author', 'footer'].some((k) => e[k] !== undefined);
        if (!visible) problems.push(`${w}: empty embed`);
      });
      if (total > 6000) problems.push(`embeds: total text ${total} > 6000`);
    }
  }

  const rows = payload.components;
  if (rows !== undefined) {
    if (!Array.isArray(rows)) problems.push('components: not an array');
    else {
      if (rows.length > 5) problems.push(`components: ${rows.length} rows > 5`);
      const ids = new Set<string>();
      rows.forEach((row: unknown, r) => {
        const w = `components[${r}]`;
        if (!isObj(row) || row.type !== 1 || !Array.isArray(row.components)) {
          problems.push(`${w}: not an action row`);
          return;
        }
        const items = row.components as unknown[];
        if (items.length < 1 || items.length > 5) problems.push(`${w}: ${items.length} components`);
        const selects = items.filter((c) => isObj(c) && c.type !== 2).length;
        if (selects > 0 && items.length !== 1) problems.push(`${w}: a select shares its row`);
        items.forEach((c: unknown, k) => {
          const cw = `${w}.components[${k}]`;
          if (!isObj(c)) {
            problems.push(`${cw}: not an object`);
            return;
          }
          if (c.custom_id !== undefined) {
            str(c.custom_id, `${cw}.custom_id`, 1, 100, problems);
            if (typeof c.custom_id === 'string') {
              if (ids.has(c.custom_id)) problems.push(`${cw}: duplicate custom_id`);
              ids.add(c.custom_id);
            }
          }
          if (c.type === 2) {
            optStr(c.label, `${cw}.label`, 80, problems);
          } else {
            optStr(c.placeholder, `${cw}.placeholder`, 150, problems);
            if (c.type === 3) {
              const options = c.options;
              if (!Array.isArray(options) || options.length < 1 || options.length > 25) {
                problems.push(`${cw}.options: count not in 1..25`);
                return;
              }
              const values = new Set<string>();
              options.forEach((o: unknown, n) => {
                const ow = `${cw}.options[${n}]`;
                if (!isObj(o)) {
                  problems.push(`${ow}: not an object`);
                  return;
                }
                str(o.label, `${ow}.label`, 1, 100, problems);
                str(o.value, `${ow}.value`, 1, 100, problems);
                optStr(o.description, `${ow}.description`, 100, problems);
                if (typeof o.value === 'string') {
                  if (values.has(o.value)) problems.push(`${ow}: duplicate value`);
                  values.add(o.value);
                }
              });
              const max = c.max_values;
              if (typeof max === 'number' && max > options.length) problems.push(`${cw}.max_values > options`);
            }
          }
        });
      });
    }
  }
  return problems;
}

/** Fails the test with every violation listed. */
export function assertWithinDiscordLimits(payload: unknown): void {
  expect(discordLimitProblems(payload)).toEqual([]);
}

/** The final gate's extra promise: mentions are never parsed. */
export function assertMentionsDisabled(payload: unknown): void {
  expect(isObj(payload) ? payload.allowed_mentions : undefined).toEqual({ parse: [] });
}

/** Counts of markdown pairs outside code must be even (a rough, independent balance check). */
export function unbalancedMarkers(text: string): string[] {
  let rest = text.replace(/\\[\s\S]/g, '');
  const fences = (rest.match(/```/g) ?? []).length;
  const out: string[] = [];
  if (fences % 2 !== 0) out.push('```');
  rest = rest.replace(/```[\s\S]*?(```|$)/g, '').replace(/`[^`]*`/g, '');
  for (const [name, re] of [
    ['||', /\|\|/g],
    ['~~', /~~/g],
    ['**', /\*\*/g],
    ['__', /__/g],
  ] as const) {
    if ((rest.match(re) ?? []).length % 2 !== 0) out.push(name);
  }
  return out;
}
