// Discord's Markdown, as its client renders it, built as DOM nodes (text is never parsed as HTML).
// Covers what the bot sends: escapes, code, spoilers, bold, italic, underline, strike-through,
// masked links, timestamps, channel/role/user mentions, headings, subtext, quotes and list bullets.

/** Names of the sandbox's channels, roles and users, for mentions; set once the page knows its world. */
const names = { channels: new Map(), roles: new Map(), users: new Map() };

export function setMentionNames({ channels, roles, users }) {
  names.channels = channels;
  names.roles = roles;
  names.users = users;
}

/** How far the sandbox's clock is ahead of real time: relative timestamps ("in 3 days") count from the sandbox's time. */
let clockOffsetMs = 0;

export function setClockOffset(ms) {
  clockOffsetMs = ms;
}

const INLINE_RULES = [
  { re: /^\\([^A-Za-z0-9\s])/, make: (m) => document.createTextNode(m[1]) },
  { re: /^```(?:[a-z0-9]*\n)?([\s\S]+?)```/, make: (m) => code(m[1], true) },
  { re: /^`([^`]+)`/, make: (m) => code(m[1], false) },
  { re: /^\|\|((?:\\[\s\S]|[^\\])+?)\|\|/, make: (m) => wrap('discord-spoiler', m[1]) },
  { re: /^\*\*((?:\\[\s\S]|[^\\])+?)\*\*(?!\*)/, make: (m) => wrap('strong', m[1]) },
  { re: /^__((?:\\[\s\S]|[^\\])+?)__(?!_)/, make: (m) => wrap('u', m[1]) },
  { re: /^\*((?:\\[\s\S]|[^\\*])+?)\*/, make: (m) => wrap('em', m[1]) },
  { re: /^_((?:\\[\s\S]|[^\\_])+?)_(?![A-Za-z0-9])/, make: (m) => wrap('em', m[1]) },
  { re: /^~~((?:\\[\s\S]|[^\\])+?)~~/, make: (m) => wrap('s', m[1]) },
  { re: /^\[((?:\\[\s\S]|[^\\\]])+)\]\(<?(https?:\/\/[^\s)>]+)>?\)/, make: (m) => link(m[2], m[1]) },
  { re: /^<t:(-?\d+)(?::([tTdDfFR]))?>/, make: (m) => timestamp(Number(m[1]), m[2] ?? 'f') },
  { re: /^<(#|@&|@!?)(\d{1,21})>/, make: (m) => mention(m[1], m[2]) },
  { re: /^<?(https?:\/\/[^\s<>]+[^\s<>.,:;"')\]])>?/, make: (m) => link(m[1], null) },
];

function code(text, multiline) {
  const el = document.createElement(multiline ? 'pre' : 'code');
  el.className = 'md-code';
  el.textContent = text;
  return el;
}

function wrap(tag, inner) {
  const el = document.createElement(tag);
  el.append(...inline(inner));
  return el;
}

function link(href, label) {
  const a = document.createElement('a');
  a.href = href;
  a.target = '_blank';
  a.rel = 'noopener noreferrer';
  if (label === null) a.textContent = href;
  else a.append(...inline(label));
  return a;
}

/** As Discord shows them: #channel, @Role, @user; unknown ones as Discord's client does. */
function mention(kind, id) {
  const el = document.createElement('span');
  el.className = 'md-mention';
  if (kind === '#') el.textContent = `#${names.channels.get(id) ?? 'unknown-channel'}`;
  else if (kind === '@&') {
    const role = names.roles.get(id) ?? 'deleted-role';
    el.textContent = role.startsWith('@') ? role : `@${role}`;
  } else el.textContent = `@${names.users.get(id) ?? 'unknown-user'}`;
  return el;
}

function timestamp(seconds, style) {
  const date = new Date(seconds * 1000);
  const el = document.createElement('time');
  el.className = 'md-time';
  el.dateTime = date.toISOString();
  const formats = {
    t: { timeStyle: 'short' }, T: { timeStyle: 'medium' }, d: { dateStyle: 'short' }, D: { dateStyle: 'long' },
    f: { dateStyle: 'long', timeStyle: 'short' }, F: { dateStyle: 'full', timeStyle: 'short' },
  };
  if (style === 'R') {
    const minutes = Math.round((seconds * 1000 - (Date.now() + clockOffsetMs)) / 60000);
    const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
    const abs = Math.abs(minutes);
    el.textContent = abs < 60 ? rtf.format(minutes, 'minute') : abs < 2880 ? rtf.format(Math.round(minutes / 60), 'hour') : rtf.format(Math.round(minutes / 1440), 'day');
  } else {
    el.textContent = new Intl.DateTimeFormat('en', formats[style] ?? formats.f).format(date);
  }
  return el;
}

/** Inline Markdown of one block → nodes. */
export function inline(text) {
  const out = [];
  let plain = '';
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    let matched = null;
    if ('\\`|*_~[<h'.includes(rest[0])) {
      for (const rule of INLINE_RULES) {
        const m = rule.re.exec(rest);
        if (m) {
          matched = { node: rule.make(m), length: m[0].length };
          break;
        }
      }
    }
    if (matched) {
      if (plain) out.push(document.createTextNode(plain));
      plain = '';
      out.push(matched.node);
      i += matched.length;
    } else {
      plain += rest[0];
      i += 1;
    }
  }
  if (plain) out.push(document.createTextNode(plain));
  return out;
}

/** A whole Markdown text → a fragment, line blocks first, then inline. */
export function markdown(text) {
  const fragment = document.createDocumentFragment();
  const lines = text.split('\n');
  for (let n = 0; n < lines.length; n += 1) {
    const line = lines[n];
    // A fenced code block spans lines: hand it to the inline rules whole.
    if (line.startsWith('```')) {
      let end = n + 1;
      while (end < lines.length && !lines[end].includes('```')) end += 1;
      fragment.append(...inline(lines.slice(n, end + 1).join('\n')));
      n = end;
      continue;
    }
    let m;
    if ((m = /^(#{1,3}) (.*)$/.exec(line))) {
      const h = document.createElement(`h${m[1].length + 2}`);
      h.className = 'md-heading';
      h.append(...inline(m[2]));
      fragment.append(h);
      continue;
    }
    if ((m = /^-# (.*)$/.exec(line))) {
      const small = document.createElement('small');
      small.className = 'md-subtext';
      small.append(...inline(m[1]));
      fragment.append(small, document.createElement('br'));
      continue;
    }
    if ((m = /^>>? ?(.*)$/.exec(line))) {
      const quote = document.createElement('blockquote');
      quote.append(...inline(m[1]));
      fragment.append(quote);
      continue;
    }
    if ((m = /^(\s*)[-*] (.*)$/.exec(line))) {
      const item = document.createElement('div');
      item.className = 'md-bullet';
      item.style.marginLeft = `${m[1].length * 8}px`;
      item.append('• ', ...inline(m[2]));
      fragment.append(item);
      continue;
    }
    fragment.append(...inline(line));
    if (n < lines.length - 1) fragment.append(document.createElement('br'));
  }
  return fragment;
}
