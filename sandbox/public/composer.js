// The message box: `/` offers the bot's registered commands (every runnable path, subcommands and
// groups included), a chosen command gets its option fields, and Send (or Enter) sends it as a slash
// command. A command Discord's client would not send comes back with hints, shown next to its options.

import { $, el } from './dom.js';
import { state } from './state.js';
import { postCommand } from './api.js';
import { optionField, optionValues } from './option-fields.js';
import { showError, showHints } from './composer-feedback.js';
import { localized } from './languages.js';

const box = $('message-box');

/**
 * Every runnable path of the registered commands: `anime search`, `list anime update`, … with the
 * path and description as the acting user's client shows them (`shown`, `description`); what is sent
 * is always the default names, as Discord sends them.
 */
function commandPaths() {
  const paths = [];
  for (const command of state.world.commands) {
    if (command.type !== 1) continue;
    const top = localized(command, 'name');
    const subs = (command.options ?? []).filter((o) => o.type === 1 || o.type === 2);
    if (subs.length === 0) paths.push({ name: command.name, path: command.name, shown: top, description: localized(command, 'description'), options: command.options ?? [] });
    for (const sub of subs) {
      const mid = `${top} ${localized(sub, 'name')}`;
      if (sub.type === 1) paths.push({ name: command.name, sub: sub.name, path: `${command.name} ${sub.name}`, shown: mid, description: localized(sub, 'description'), options: sub.options ?? [] });
      else {
        for (const leaf of sub.options ?? []) {
          paths.push({ name: command.name, group: sub.name, sub: leaf.name, path: `${command.name} ${sub.name} ${leaf.name}`, shown: `${mid} ${localized(leaf, 'name')}`, description: localized(leaf, 'description'), options: leaf.options ?? [] });
        }
      }
    }
  }
  return paths;
}

function showSuggestions(prefix) {
  const list = $('suggestions');
  const starts = (path) => path.startsWith(prefix) || path.split(' ').some((w) => w.startsWith(prefix));
  const matches = commandPaths().filter((p) => starts(p.path) || starts(p.shown.toLowerCase()));
  list.replaceChildren(
    ...matches.slice(0, 25).map((p) =>
      el('li', { role: 'option', 'data-path': p.path, onclick: () => chooseCommand(p) }, el('strong', {}, `/${p.shown}`), el('span', {}, p.description)),
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

async function send(e) {
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
}

/** Typing `/` suggests commands (Enter or Tab takes the first); the form sends the chosen one. */
export function watchComposer() {
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
  $('composer').addEventListener('submit', send);
}
