// The sandbox page: channels, a user switch, the message box with the bot's registered commands,
// and the timeline rendered with @skyra/discord-components-core. Every click goes to the fake
// Discord as a real interaction.

import { setMentionNames } from './markdown.js';
import { $, el, local } from './dom.js';
import { state } from './state.js';
import { fetchAutocomplete, fetchWorld, postCommand } from './api.js';
import { openLinkButtons } from './messages.js';
import { renderSidebar, watchUserPicker } from './sidebar.js';
import { resetTimeline } from './timeline.js';
import { showError, showHints } from './composer-feedback.js';

globalThis.$discordMessage = {
  avatars: { default: local('user.svg'), blue: local('user.svg'), gray: local('user.svg'), green: local('user.svg'), orange: local('user.svg'), red: local('user.svg'), pink: local('user.svg') },
  defaultTheme: 'dark',
};
// After the config above: the library reads it when it loads. Only the components the page uses.
const COMPONENTS = [
  'DiscordMessages', 'DiscordMessage', 'DiscordCommand', 'DiscordEmbed', 'DiscordEmbedDescription', 'DiscordEmbedFields',
  'DiscordEmbedField', 'DiscordEmbedFooter', 'DiscordAttachments', 'DiscordActionRow', 'DiscordButton',
  'DiscordStringSelectMenu', 'DiscordStringSelectMenuOption', 'DiscordSpoiler',
];
const kebab = (name) => name.replace(/[A-Z]/g, (c, i) => `${i ? '-' : ''}${c.toLowerCase()}`);
await Promise.all(COMPONENTS.map((name) => import(`@skyra/discord-components-core/dist/components/${kebab(name)}/${name}.js`)));

const OPTION_TYPES = { STRING: 3, INTEGER: 4, BOOLEAN: 5, CHANNEL: 7, ROLE: 8, NUMBER: 10 };

/** Another place or user picked (or the page's start): the sidebar shows it, the timeline starts over. */
function startOver() {
  renderSidebar(startOver);
  resetTimeline();
}

watchUserPicker(startOver);
openLinkButtons();

// ---------------------------------------------------------------- message box

/** Every runnable path of the registered commands: `anime search`, `list anime update`, … */
function commandPaths() {
  const paths = [];
  for (const command of state.world.commands) {
    if (command.type !== 1) continue;
    const subs = (command.options ?? []).filter((o) => o.type === 1 || o.type === 2);
    if (subs.length === 0) paths.push({ name: command.name, path: command.name, description: command.description, options: command.options ?? [] });
    for (const sub of subs) {
      if (sub.type === 1) paths.push({ name: command.name, sub: sub.name, path: `${command.name} ${sub.name}`, description: sub.description, options: sub.options ?? [] });
      else for (const leaf of sub.options ?? []) paths.push({ name: command.name, group: sub.name, sub: leaf.name, path: `${command.name} ${sub.name} ${leaf.name}`, description: leaf.description, options: leaf.options ?? [] });
    }
  }
  return paths;
}

const box = $('message-box');
box.addEventListener('input', () => {
  const text = box.value;
  if (state.command && !text.startsWith(`/${state.command.path}`)) chooseCommand(null);
  if (!state.command && text.startsWith('/')) showSuggestions(text.slice(1).trimStart().toLowerCase());
  else $('suggestions').hidden = true;
});
box.addEventListener('keydown', (e) => {
  const list = $('suggestions');
  if (!list.hidden && (e.key === 'Enter' || e.key === 'Tab')) {
    const first = list.querySelector('li');
    if (first) {
      e.preventDefault();
      first.click();
    }
  }
});

function showSuggestions(prefix) {
  const list = $('suggestions');
  const matches = commandPaths().filter((p) => p.path.startsWith(prefix) || p.path.split(' ').some((w) => w.startsWith(prefix)));
  list.replaceChildren(
    ...matches.slice(0, 25).map((p) =>
      el('li', { role: 'option', 'data-path': p.path, onclick: () => chooseCommand(p) }, el('strong', {}, `/${p.path}`), el('span', {}, p.description)),
    ),
  );
  list.hidden = matches.length === 0;
}

function chooseCommand(path) {
  state.command = path;
  $('suggestions').hidden = true;
  const fields = $('option-fields');
  fields.replaceChildren();
  if (!path) return;
  box.value = `/${path.path} `;
  for (const option of path.options) fields.append(optionField(option));
  (fields.querySelector('input, select') ?? box).focus();
}

function optionField(option) {
  const id = `opt-${option.name}`;
  let input;
  if (option.choices?.length) {
    input = el('select', { id, name: option.name }, el('option', { value: '' }, option.required ? 'Choose…' : '—'), ...option.choices.map((c) => el('option', { value: String(c.value) }, c.name)));
  } else if (option.type === OPTION_TYPES.CHANNEL) {
    // As Discord's client: a pick of the server's channels (of the option's channel types), sent by id.
    const channels = state.world.server.channels.filter((c) => !option.channel_types || option.channel_types.includes(c.type));
    input = el('select', { id, name: option.name }, el('option', { value: '' }, option.required ? 'Choose a channel…' : '—'), ...channels.map((c) => el('option', { value: c.id }, `# ${c.name}${c.nsfw ? ' (18+)' : ''}`)));
  } else if (option.type === OPTION_TYPES.ROLE) {
    const roles = state.world.server.roles;
    input = el('select', { id, name: option.name }, el('option', { value: '' }, option.required ? 'Choose a role…' : '—'), ...roles.map((r) => el('option', { value: r.id }, `${r.name.startsWith('@') ? '' : '@'}${r.name}${r.mentionable || r.name.startsWith('@') ? '' : ' (not mentionable)'}`)));
  } else if (option.type === OPTION_TYPES.BOOLEAN) {
    input = el('select', { id, name: option.name }, el('option', { value: '' }, '—'), el('option', { value: 'true' }, 'True'), el('option', { value: 'false' }, 'False'));
  } else {
    const numeric = option.type === OPTION_TYPES.INTEGER || option.type === OPTION_TYPES.NUMBER;
    input = el('input', { id, name: option.name, type: numeric ? 'number' : 'text', step: option.type === OPTION_TYPES.INTEGER ? '1' : 'any', min: option.min_value, max: option.max_value, maxlength: option.max_length });
  }
  const wrapper = el('div', { class: 'option-field', 'data-option': option.name }, el('label', { for: id, title: option.description }, `${option.name}${option.required ? '*' : ''}`), input);
  // As in Discord's client, editing an option clears the hint it was marked with.
  const clear = () => {
    wrapper.classList.remove('invalid');
    wrapper.querySelector('.option-hint')?.remove();
  };
  input.addEventListener('input', clear);
  input.addEventListener('change', clear);
  if (option.autocomplete) {
    const choices = el('ul', { class: 'choices', role: 'listbox', hidden: true });
    wrapper.append(choices);
    let timer;
    input.addEventListener('input', () => {
      delete input.dataset.value;
      clearTimeout(timer);
      timer = setTimeout(() => void autocomplete(option, input, choices), 250);
    });
    input.addEventListener('focus', () => void autocomplete(option, input, choices));
  }
  return wrapper;
}

function optionValues() {
  const values = {};
  for (const field of $('option-fields').querySelectorAll('.option-field')) {
    const input = field.querySelector('input, select');
    values[field.dataset.option] = input.dataset.value ?? input.value;
  }
  return values;
}

async function autocomplete(option, input, list) {
  const c = state.command;
  // A keystroke's delayed lookup after the command was sent (or changed) has nothing to ask about.
  if (!c) return;
  // Only the answer to the latest keystroke counts; earlier ones may arrive later.
  const asked = (Number(input.dataset.asked ?? 0) + 1).toString();
  input.dataset.asked = asked;
  try {
    const { choices } = await fetchAutocomplete({ place: state.place, user: state.user, name: c.name, group: c.group, sub: c.sub, options: optionValues(), focused: option.name });
    if (state.command !== c || input.dataset.asked !== asked) return;
    list.replaceChildren(
      ...choices.map((choice) =>
        el('li', {
          role: 'option',
          onmousedown: (e) => {
            e.preventDefault();
            input.value = choice.name;
            input.dataset.value = String(choice.value);
            list.hidden = true;
          },
        }, choice.name),
      ),
    );
    list.hidden = choices.length === 0;
  } catch (error) {
    showError(error.message);
  }
}

$('composer').addEventListener('submit', async (e) => {
  e.preventDefault();
  showError('');
  const c = state.command;
  if (!c) {
    showError(box.value.trim() ? 'The bot only reads slash commands: type / and pick one.' : '');
    return;
  }
  const options = optionValues();
  try {
    await postCommand({ place: state.place, user: state.user, name: c.name, group: c.group, sub: c.sub, options });
    box.value = '';
    chooseCommand(null);
  } catch (error) {
    if (error.hints) showHints(error.hints);
    else showError(error.message);
  }
});

// ---------------------------------------------------------------- start

try {
  state.world = await fetchWorld();
  state.user = state.world.users[0].id;
  setMentionNames({
    channels: new Map(state.world.server.channels.map((c) => [c.id, c.name])),
    roles: new Map(state.world.server.roles.map((r) => [r.id, r.name])),
    users: new Map(state.world.users.map((u) => [u.id, u.username])),
  });
  startOver();
  document.body.dataset.ready = 'true';
} catch (error) {
  $('status').textContent = `The sandbox is not reachable: ${error.message}`;
}
