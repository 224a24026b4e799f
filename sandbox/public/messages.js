// A timeline entry as Discord shows it, with @skyra/discord-components-core: the bot's messages
// (Markdown content, embeds, buttons and select menus), the command or click that caused them, a
// pending line while it is sent and Discord's reasons when it failed. Clicks go back as interactions.

import { markdown } from './markdown.js';
import { el, local } from './dom.js';
import { state } from './state.js';
import { postComponent, postVote } from './api.js';
import { showError } from './composer-feedback.js';

const BUTTON_TYPES = { 1: 'primary', 2: 'secondary', 3: 'success', 4: 'destructive', 5: 'secondary' };

/** The nodes of one timeline entry: the bot's messages (the command or click above the first), or what is pending or failed. */
export function renderEntry(entry) {
  const bot = (message, withCommand) => {
    const node = el(
      'discord-message',
      { author: 'AMLS Bot', avatar: local('bot.svg'), bot: true, ephemeral: message.ephemeral, edited: message.edited, timestamp: when(message.timestamp), 'data-message-id': message.id, class: 'bot-message' },
      ...(withCommand ? [el('discord-command', { slot: 'reply', author: entry.user.username, avatar: local('user.svg'), command: entry.kind === 'command' ? entry.label : `clicked ${entry.label}` })] : []),
      ...renderBody(message),
    );
    // As in Discord, dismissing an ephemeral message hides it in this client only.
    node.dismissMessageClicked = () => {
      state.dismissed.add(message.id);
      node.remove();
    };
    return node;
  };
  // A post (e.g. a channel reminder) is the bot's own message: no command or click above it.
  const nodes = entry.messages.filter((m) => !state.dismissed.has(m.id)).map((m, i) => bot(m, i === 0 && entry.kind !== 'post'));
  if (entry.state === 'waiting' && entry.messages.length === 0) {
    nodes.push(el('div', { class: 'pending' }, `${entry.user.username} used ${entry.kind === 'command' ? entry.label : entry.label}… sending`));
  }
  if (entry.failure) {
    nodes.push(
      el(
        'div',
        { class: 'failure', role: 'alert' },
        el('strong', {}, entry.kind === 'command' ? 'The application did not respond' : 'This interaction failed'),
        el('span', { class: 'failure-what' }, ` (${entry.label})`),
        el('ul', {}, ...entry.failure.map((r) => el('li', {}, r))),
      ),
    );
  }
  return nodes;
}

function when(iso) {
  const date = new Date(iso);
  const time = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit' }).format(date);
  return date.toDateString() === new Date().toDateString() ? `Today at ${time}` : `${date.toLocaleDateString('en')} ${time}`;
}

function renderBody(message) {
  const parts = [];
  if (message.loading) parts.push(el('span', { class: 'thinking' }, 'AMLS Bot is thinking…'));
  if (message.content) parts.push(el('span', { class: 'content' }, markdown(message.content)));
  for (const embed of message.embeds) parts.push(renderEmbed(embed));
  // Pictures under the message, as Discord shows them; the alt text is the file's description.
  for (const a of message.attachments ?? []) {
    if (!a.contentType.startsWith('image/')) continue;
    parts.push(el('img', { class: 'attachment', src: `/attachments/${a.id}`, alt: a.description ?? a.filename, width: a.width, height: a.height, loading: 'lazy' }));
  }
  if (message.poll) parts.push(renderPoll(message));
  const rows = message.components.filter((row) => row.type === 1);
  if (rows.length > 0) {
    parts.push(el('discord-attachments', { slot: 'components' }, ...rows.map((row) => el('discord-action-row', {}, ...row.components.map((c) => renderComponent(message, c))))));
  }
  return parts;
}

/** A native poll with its live counts; an answer clicked is the user's vote (clicked again, taken back). */
function renderPoll(message) {
  const poll = message.poll;
  const ends = new Date(poll.expiry);
  const status = poll.finalized ? `Final results · ${poll.total} ${poll.total === 1 ? 'vote' : 'votes'}` : `${poll.total} ${poll.total === 1 ? 'vote' : 'votes'} · ends ${ends.toLocaleString('en')}`;
  return el(
    'div',
    { class: 'poll', 'data-poll': message.id },
    el('div', { class: 'poll-question' }, poll.question),
    ...poll.answers.map((a) => {
      const share = poll.total > 0 ? Math.round((a.count / poll.total) * 100) : 0;
      return el(
        'button',
        {
          class: 'poll-answer',
          type: 'button',
          disabled: poll.finalized,
          'data-answer-id': String(a.id),
          style: `--share: ${share}%`,
          onclick: () => void sendVote(message, a.id),
        },
        el('span', { class: 'poll-text' }, a.text),
        el('span', { class: 'poll-count', 'data-count': String(a.count) }, `${a.count} · ${share}%`),
      );
    }),
    el('div', { class: 'poll-status' }, status),
  );
}

async function sendVote(message, answerId) {
  showError('');
  try {
    await postVote({ place: state.place, user: state.user, messageId: message.id, answerId });
  } catch (error) {
    showError(error.message);
  }
}

function localImage(url) {
  if (!url) return undefined;
  try {
    return new URL(url).origin === location.origin ? url : local('cover.svg');
  } catch {
    return undefined;
  }
}

function renderEmbed(embed) {
  const color = typeof embed.color === 'number' ? `#${embed.color.toString(16).padStart(6, '0')}` : undefined;
  const node = el('discord-embed', {
    slot: 'embeds',
    color,
    'embed-title': embed.title,
    url: embed.url,
    'author-name': embed.author?.name,
    'author-url': embed.author?.url,
    thumbnail: localImage(embed.thumbnail?.url),
    image: localImage(embed.image?.url),
  });
  if (embed.description) node.append(el('discord-embed-description', { slot: 'description' }, markdown(embed.description)));
  if (embed.fields?.length) {
    let inlineIndex = 0;
    node.append(
      el(
        'discord-embed-fields',
        { slot: 'fields' },
        ...embed.fields.map((f) => {
          inlineIndex = f.inline ? (inlineIndex % 3) + 1 : 0;
          return el('discord-embed-field', { 'field-title': f.name, inline: f.inline === true, 'inline-index': f.inline ? inlineIndex : undefined }, markdown(f.value));
        }),
      ),
    );
  }
  if (embed.footer?.text || embed.timestamp) {
    node.append(el('discord-embed-footer', { slot: 'footer', timestamp: embed.timestamp }, embed.footer?.text ?? ''));
  }
  return node;
}

function renderComponent(message, c) {
  if (c.type === 2) {
    const label = `${c.emoji?.name ? `${c.emoji.name} ` : ''}${c.label ?? ''}`;
    if (c.style === 5) {
      return el('discord-button', { type: 'secondary', url: c.url, disabled: c.disabled === true, 'data-url': c.url }, label);
    }
    return el(
      'discord-button',
      { type: BUTTON_TYPES[c.style] ?? 'secondary', disabled: c.disabled === true, 'data-custom-id': c.custom_id, onclick: () => !c.disabled && sendComponent(message, c.custom_id, label) },
      label,
    );
  }
  if (c.type === 3) {
    const menu = el('discord-string-select-menu', { placeholder: c.placeholder ?? 'Make a selection', disabled: c.disabled === true, 'data-custom-id': c.custom_id });
    menu.append(
      ...c.options.map((o) =>
        el(
          'discord-string-select-menu-option',
          {
            label: o.label,
            description: o.description,
            'data-value': o.value,
            onclick: (e) => {
              // The option's label also clicks its hidden checkbox: one choice, one interaction.
              if (e.composedPath()[0]?.tagName === 'INPUT') return;
              menu.replaceWith(renderComponent(message, c));
              void sendComponent(message, c.custom_id, o.label, [o.value]);
            },
          },
        ),
      ),
    );
    return menu;
  }
  return el('span', { class: 'hint' }, `(component type ${c.type})`);
}

async function sendComponent(message, customId, label, values) {
  showError('');
  try {
    await postComponent({ place: state.place, user: state.user, messageId: message.id, customId, label, ...(values ? { values } : {}) });
  } catch (error) {
    showError(error.message);
  }
}

/** Link buttons: the emulator's sign-in page is on this machine; anything else would leave it (after asking). */
export function openLinkButtons() {
  document.addEventListener(
    'click',
    (e) => {
      const button = e.target.closest?.('discord-button[data-url]');
      if (!button) return;
      e.preventDefault();
      e.stopPropagation();
      const url = button.dataset.url;
      const isLocal = ['127.0.0.1', 'localhost'].includes(new URL(url).hostname);
      if (isLocal || confirm(`Leaving the sandbox: open ${url}?`)) window.open(url, '_blank', 'noopener');
    },
    true,
  );
}
