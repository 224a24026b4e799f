// Hostile strings the service or another user could send, and checks that rendered output shows
// them as plain text. Shared by the unit test and the end-to-end test.
import type { APIEmbed } from 'discord.js';

export interface HostileCase {
  name: string;
  text: string;
  /** What the reader must still see (after Discord removes markdown escapes). */
  shows: string;
}

export const HOSTILE: readonly HostileCase[] = [
  { name: 'role mention', text: 'Go <@&123456789012345678> now', shows: '<@&123456789012345678>' },
  { name: 'user mention', text: 'hi <@123456789012345678>', shows: '<@123456789012345678>' },
  { name: 'nickname mention', text: 'hi <@!123456789012345678>', shows: '<@!123456789012345678>' },
  { name: 'channel', text: 'see <#123456789012345678>', shows: '<#123456789012345678>' },
  { name: 'command link', text: 'run </ban user:123456789012345678>', shows: '</ban user:123456789012345678>' },
  { name: 'timestamp', text: 'at <t:1700000000:R>', shows: '<t:1700000000:R>' },
  { name: 'custom emoji', text: 'x <:pepe:123456789012345678>', shows: '<:pepe:123456789012345678>' },
  { name: 'animated emoji', text: 'x <a:wave:123456789012345678>', shows: '<a:wave:123456789012345678>' },
  { name: 'guild navigation', text: 'open <id:customize>', shows: '<id:customize>' },
  { name: 'everyone', text: 'hey @everyone look', shows: '@everyone' },
  { name: 'here', text: 'hey @here look', shows: '@here' },
  { name: 'masked link', text: 'read [the wiki](https://evil.example/phish) now', shows: 'the wiki (https://evil.example/phish)' },
  { name: 'masked link posing as another site', text: '[https://good.example](https://evil.example/x)', shows: 'https://good.example (https://evil.example/x)' },
  { name: 'zero-width space', text: 'Na\u200Bru\u200Cto', shows: 'Naruto' },
  { name: 'right-to-left override', text: 'invoice\u202Efdp.exe', shows: 'invoicefdp.exe' },
  { name: 'bidi isolates and marks', text: '\u2066abc\u2069\u200E\u200F\u061Cdef', shows: 'abcdef' },
  { name: 'word joiner, BOM, soft hyphen', text: 'a\u2060b\uFEFFc\u00ADd', shows: 'abcd' },
  { name: 'Hangul filler and control characters', text: 'x\u3164y\u0007z\u001Bw', shows: 'xyzw' },
  { name: 'tag characters', text: 'ok\u{E0041}\u{E0042}!', shows: 'ok!' },
  { name: 'markdown', text: '**bold** ||spoiler|| `code` # head', shows: '**bold** ||spoiler|| `code` # head' },
];

/** Discord object forms; timestamps only the hostile one, as the bot shows real times with its own. */
const OBJECT_FORM = /<(?:[@#]|\/[^<>\n]*:\d|t:1700000000|a?:[\w~-]+:\d|id:|sound:)/g;
const MASS_MENTION = /@(?:everyone|here)\b/g;
const MASKED_LINK = /\[[^\]\n]*\]\(\s*<?https?:/g;
/** Invisible or reordering characters; ZWSP alone is allowed as the "empty" placeholder. */
const HIDDEN = /(?![\t\n])\p{Cc}|[\u00AD\u061C\u180E\u200C-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0\u{E0000}-\u{E007F}]/u;

function escapedAt(text: string, index: number): boolean {
  let n = 0;
  while (index - n - 1 >= 0 && text.charAt(index - n - 1) === '\\') n++;
  return n % 2 === 1;
}

/** Problems in a piece of Discord markdown: live object forms, mass mentions, masked links, hidden characters. */
export function markdownProblems(markdown: string): string[] {
  const problems: string[] = [];
  // Inside code Discord renders nothing: every character there is literal.
  const text = markdown.replace(/```[\s\S]*?```/g, '').replace(/(?<!\\)`[^`\n]*(?<!\\)`/g, '');
  for (const m of text.matchAll(OBJECT_FORM)) if (!escapedAt(text, m.index)) problems.push(`live ${JSON.stringify(text.slice(m.index, m.index + 24))}`);
  for (const m of text.matchAll(MASS_MENTION)) if (!escapedAt(text, m.index)) problems.push(`live ${m[0]}`);
  for (const m of text.matchAll(MASKED_LINK)) if (!escapedAt(text, m.index)) problems.push(`masked link ${JSON.stringify(text.slice(m.index, m.index + 40))}`);
  if (HIDDEN.test(markdown)) problems.push(`hidden character in ${JSON.stringify(markdown.slice(0, 60))}`);
  return problems;
}

/** Problems in text Discord shows without markdown (footers, author names, labels, choices). */
export function plainProblems(text: string): string[] {
  return HIDDEN.test(text) ? [`hidden character in ${JSON.stringify(text.slice(0, 60))}`] : [];
}

/** What a reader sees: markdown escapes removed. */
export function shown(markdown: string): string {
  return markdown.replace(/\\([^A-Za-z0-9\s])/g, '$1');
}

export function embedProblems(embeds: readonly APIEmbed[]): string[] {
  const out: string[] = [];
  for (const e of embeds) {
    for (const md of [e.title, e.description, ...(e.fields ?? []).flatMap((f) => [f.name, f.value])]) if (md) out.push(...markdownProblems(md));
    for (const plain of [e.footer?.text, e.author?.name]) if (plain) out.push(...plainProblems(plain));
  }
  return out;
}

export interface MessageTexts {
  content?: string | undefined;
  embeds?: readonly APIEmbed[] | undefined;
  components?: readonly unknown[] | undefined;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

/** Labels, placeholders and option texts of components, at any depth. */
function componentTexts(components: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const c of components) {
    const r = record(c);
    if (!r) continue;
    for (const key of ['label', 'placeholder', 'description']) if (typeof r[key] === 'string') out.push(r[key]);
    if (Array.isArray(r.components)) out.push(...componentTexts(r.components));
    if (Array.isArray(r.options)) out.push(...componentTexts(r.options));
  }
  return out;
}

/** Every text of a message as sent to Discord, checked for its context. */
export function messageProblems(msg: MessageTexts): string[] {
  const out: string[] = [];
  if (msg.content) out.push(...markdownProblems(msg.content));
  out.push(...embedProblems(msg.embeds ?? []));
  for (const text of componentTexts(msg.components ?? [])) out.push(...plainProblems(text));
  return out;
}

/** All the text of embeds as the reader sees it, for "still says X" checks. */
export function visibleText(embeds: readonly APIEmbed[]): string {
  return embeds
    .flatMap((e) => [e.title, e.description, ...(e.fields ?? []).flatMap((f) => [f.name, f.value])].map((t) => (t ? shown(t) : '')).concat([e.footer?.text ?? '', e.author?.name ?? '']))
    .join('\n');
}
