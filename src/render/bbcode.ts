// Forum BBCode (with HTML entities and literal <br />) → Discord markdown.
import type { Translator } from '../i18n/index.js';
import { escapeMarkdown } from './text.js';
import { removeHiddenCharacters } from './untrusted.js';
import { safeHttpUrl } from './url.js';

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ensp: ' ',
  emsp: ' ',
  thinsp: ' ',
  shy: '',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  laquo: '«',
  raquo: '»',
  middot: '·',
  bull: '•',
  deg: '°',
  copy: '©',
  reg: '®',
  trade: '™',
  times: '×',
  divide: '÷',
  plusmn: '±',
  para: '¶',
  sect: '§',
  cent: '¢',
  pound: '£',
  yen: '¥',
  euro: '€',
  iexcl: '¡',
  iquest: '¿',
  micro: 'µ',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  sup2: '²',
  sup3: '³',
  hearts: '♥',
  larr: '←',
  rarr: '→',
  uarr: '↑',
  darr: '↓',
  star: '☆',
  aacute: 'á',
  agrave: 'à',
  acirc: 'â',
  auml: 'ä',
  atilde: 'ã',
  aring: 'å',
  eacute: 'é',
  egrave: 'è',
  ecirc: 'ê',
  euml: 'ë',
  iacute: 'í',
  igrave: 'ì',
  icirc: 'î',
  iuml: 'ï',
  oacute: 'ó',
  ograve: 'ò',
  ocirc: 'ô',
  ouml: 'ö',
  otilde: 'õ',
  oslash: 'ø',
  uacute: 'ú',
  ugrave: 'ù',
  ucirc: 'û',
  uuml: 'ü',
  ccedil: 'ç',
  ntilde: 'ñ',
  szlig: 'ß',
  Eacute: 'É',
  Auml: 'Ä',
  Ouml: 'Ö',
  Uuml: 'Ü',
};

/** Decodes HTML entities once (`&amp;lt;` → `&lt;`): named, `&#NNN;` and `&#xHH;`. Unknown names stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,8}|#[xX][0-9a-fA-F]{1,7}|[a-zA-Z][a-zA-Z0-9]{1,31});/g, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\uFFFD';
      return String.fromCodePoint(code);
    }
    return NAMED_ENTITIES[body] ?? NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

type Node = TextNode | CodeNode | TagNode;
interface TextNode {
  kind: 'text';
  text: string;
}
interface CodeNode {
  kind: 'code';
  text: string;
}
interface TagNode {
  kind: 'tag';
  name: string;
  attr: string | undefined;
  children: Node[];
}

/** Tags with their own rendering. */
const RENDERED = new Set(['b', 'i', 'u', 's', 'strike', 'del', 'url', 'quote', 'spoiler', 'img', 'list', '*', 'code']);
/** Tags known to carry only presentation: removed, inner text kept. */
const PRESENTATION = new Set([
  'color',
  'size',
  'center',
  'left',
  'right',
  'justify',
  'align',
  'font',
  'yt',
  'youtube',
  'sub',
  'sup',
  'pre',
  'table',
  'tr',
  'td',
  'th',
  'hr',
  'email',
  'h1',
  'h2',
  'h3',
  'indent',
  'highlight',
]);
const MAX_DEPTH = 48;

const TAG_RE = /\[(\/?)(\*|[a-zA-Z][a-zA-Z0-9]{0,15})(=[^\]\n]*)?(\s[^\]\n]*)?\]/g;

function preprocessHtml(input: string): string {
  return input
    .replace(/<br\s*\/?>(\r?\n)?/gi, '\n')
    .replace(/\r\n?/g, '\n')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?[a-zA-Z][a-zA-Z0-9-]*(?:\s[^<>]*)?\/?>/g, '');
}

/** Where the last `[/name]` of the text starts (-1 when none), each name looked up once. */
function lastCloseFinder(lower: string): (name: string) => number {
  const cache = new Map<string, number>();
  return (name) => {
    let at = cache.get(name);
    if (at === undefined) {
      at = lower.lastIndexOf(`[/${name}]`);
      cache.set(name, at);
    }
    return at;
  };
}

/** Adds text to a node's children, joined to a text child it ends with. */
function appendText(node: TagNode, text: string): void {
  if (text === '') return;
  const last = node.children[node.children.length - 1];
  if (last && last.kind === 'text') last.text += text;
  else node.children.push({ kind: 'text', text });
}

function parse(input: string): Node[] {
  const lower = input.toLowerCase();
  const lastClose = lastCloseFinder(lower);
  const root: TagNode = { kind: 'tag', name: '', attr: undefined, children: [] };
  const stack: TagNode[] = [root];
  const top = (): TagNode => stack[stack.length - 1] ?? root;
  const pushText = (text: string): void => appendText(top(), text);

  let pos = 0;
  TAG_RE.lastIndex = 0;
  for (let m = TAG_RE.exec(input); m !== null; m = TAG_RE.exec(input)) {
    const start = m.index;
    const end = start + m[0].length;
    const closing = m[1] === '/';
    const name = (m[2] ?? '').toLowerCase();
    pushText(input.slice(pos, start));
    pos = end;

    if (!closing && name === 'code') {
      const close = lower.indexOf('[/code]', end);
      const stop = close < 0 ? input.length : close;
      top().children.push({ kind: 'code', text: input.slice(end, stop) });
      pos = close < 0 ? input.length : close + '[/code]'.length;
      TAG_RE.lastIndex = pos;
      continue;
    }

    const known = RENDERED.has(name) || PRESENTATION.has(name);
    if (closing) {
      const at = stack.map((t) => t.name).lastIndexOf(name);
      if (at > 0) stack.length = at;
      else if (!known) pushText(m[0]);
      continue;
    }
    if (name === '*') {
      if (top().name === '*') stack.pop();
    } else if (lastClose(name) < end) {
      // Not a tag at all ("[citation needed]"): keep it as written.
      if (!known) {
        pushText(m[0]);
        continue;
      }
      // An unclosed img/url would swallow the rest of the post as its address.
      if (name === 'img' || name === 'url') continue;
    }
    if (name === 'hr') {
      pushText('\n');
      continue;
    }
    if (stack.length > MAX_DEPTH) continue;
    const rawAttr = m[3] !== undefined ? m[3].slice(1) : undefined;
    const node: TagNode = { kind: 'tag', name, attr: rawAttr, children: [] };
    top().children.push(node);
    stack.push(node);
  }
  pushText(input.slice(pos));
  return root.children;
}

interface Context {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  spoiler: boolean;
  link: boolean;
  /** The reader's language, for the few words the bot adds (`image`, `… wrote:`). */
  t: Translator;
}

function plainText(nodes: Node[]): string {
  return nodes.map((n) => (n.kind === 'tag' ? plainText(n.children) : n.text)).join('');
}

function wrap(inner: string, marker: string): string {
  const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(inner);
  const core = m?.[2] ?? '';
  if (core === '') return inner;
  return `${m?.[1] ?? ''}${marker}${core}${marker}${m?.[3] ?? ''}`;
}

function attrText(attr: string | undefined): string | undefined {
  if (attr === undefined) return undefined;
  const value = decodeEntities(attr)
    .trim()
    .replace(/^(["'])(.*)\1$/, '$2')
    .trim();
  return value === '' ? undefined : value;
}

function renderCode(text: string): string {
  const body = removeHiddenCharacters(decodeEntities(text)).replace(/^\n+|\n+$/g, '').replace(/```/g, '`\u200b``');
  return `\n\`\`\`\n${body}\n\`\`\`\n`;
}

function renderList(node: TagNode, ctx: Context): string {
  const ordered = node.attr !== undefined;
  const items: Node[][] = [];
  let loose: Node[] = [];
  for (const child of node.children) {
    if (child.kind === 'tag' && child.name === '*') {
      if (plainText(loose).trim() !== '') items.push(loose);
      loose = [];
      items.push(child.children);
    } else {
      loose.push(child);
    }
  }
  if (plainText(loose).trim() !== '') items.push(loose);
  const lines = items
    .map((item) => render(item, ctx).trim())
    .filter((text) => text !== '')
    .map((text, index) => `${ordered ? `${index + 1}.` : '•'} ${text.replace(/\n/g, '\n   ')}`);
  return lines.length > 0 ? `\n${lines.join('\n')}\n` : '';
}

function renderTag(node: TagNode, ctx: Context): string {
  switch (node.name) {
    case 'b':
      return ctx.bold ? render(node.children, ctx) : wrap(render(node.children, { ...ctx, bold: true }), '**');
    case 'i':
      return ctx.italic ? render(node.children, ctx) : wrap(render(node.children, { ...ctx, italic: true }), '*');
    case 'u':
      return ctx.underline ? render(node.children, ctx) : wrap(render(node.children, { ...ctx, underline: true }), '__');
    case 's':
    case 'strike':
    case 'del':
      return ctx.strike ? render(node.children, ctx) : wrap(render(node.children, { ...ctx, strike: true }), '~~');
    case 'url': {
      const attr = attrText(node.attr);
      if (attr === undefined) {
        const href = safeHttpUrl(decodeEntities(plainText(node.children)));
        return href ?? escapeMarkdown(decodeEntities(plainText(node.children)));
      }
      const href = safeHttpUrl(attr);
      if (ctx.link || href === undefined) return render(node.children, ctx);
      // Never a masked link: the address is shown, so a label cannot pass one site off as another.
      const label = render(node.children, { ...ctx, link: true }).replace(/\s*\n\s*/g, ' ').trim();
      return label === '' || label === href ? href : `${label} (${href})`;
    }
    case 'img': {
      const src = safeHttpUrl(decodeEntities(plainText(node.children)));
      if (src === undefined) return '';
      const image = ctx.t.t('lists.forum.post.image');
      return ctx.link ? image : `${image} (${src})`;
    }
    case 'quote': {
      const inner = render(node.children, ctx).replace(/^\n+|\n+$/g, '');
      const name = attrText(node.attr)?.replace(/\s+\w+=.*$/, '');
      const lines = inner === '' ? [] : inner.split('\n');
      if (name) lines.unshift(`*${ctx.t.t('lists.forum.post.quoteBy', { user: escapeMarkdown(name) })}*`);
      if (lines.length === 0) return '';
      return `\n${lines.map((l) => `> ${l}`).join('\n')}\n`;
    }
    case 'spoiler': {
      const inner = render(node.children, { ...ctx, spoiler: true });
      if (ctx.spoiler) return inner;
      const core = inner.trim();
      const label = attrText(node.attr);
      const prefix = label ? `${escapeMarkdown(label)}: ` : '';
      if (core === '') return prefix;
      return core.startsWith('>') || core.startsWith('```') ? `${prefix}||\n${core}\n||` : `${prefix}||${core}||`;
    }
    case 'list':
      return renderList(node, ctx);
    case '*': {
      const text = render(node.children, ctx).trim();
      return text === '' ? '' : `\n• ${text}\n`;
    }
    default:
      return render(node.children, ctx);
  }
}

function render(nodes: Node[], ctx: Context): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') out += escapeMarkdown(decodeEntities(node.text));
    else if (node.kind === 'code') out += renderCode(node.text);
    else out += renderTag(node, ctx);
  }
  return out;
}

/**
 * Forum BBCode → Discord markdown. Never throws: unbalanced or mismatched tags are closed at the end
 * of their parent, stray closing tags dropped, unknown bracketed text kept when it is not a tag.
 */
export function bbcodeToMarkdown(t: Translator, input: string): string {
  const image = t.t('lists.forum.post.image');
  const nodes = parse(preprocessHtml(input));
  const out = render(nodes, { t, bold: false, italic: false, underline: false, strike: false, spoiler: false, link: false });
  return out
    .split(`)${image} (`)
    .join(`) ${image} (`)
    .split('\n')
    .map((line) => (line === '> ' ? line : line.trimEnd()))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
