// A chosen command's options as fields under the message box, as Discord's client offers them:
// choices, the server's channels, roles and members, True/False as picks; text and numbers typed (with the
// registration's limits); the bot's live autocomplete for options that ask for it.

import { $, el } from './dom.js';
import { state } from './state.js';
import { fetchAutocomplete } from './api.js';
import { showError } from './composer-feedback.js';
import { localized } from './languages.js';

const OPTION_TYPES = { STRING: 3, INTEGER: 4, BOOLEAN: 5, USER: 6, CHANNEL: 7, ROLE: 8, NUMBER: 10 };

/** The input for one option: a pick where Discord's client offers one, else a text or number box. */
function optionInput(option, id) {
  if (option.choices?.length) {
    return el('select', { id, name: option.name }, el('option', { value: '' }, option.required ? 'Choose…' : '—'), ...option.choices.map((c) => el('option', { value: String(c.value) }, localized(c, 'name'))));
  }
  if (option.type === OPTION_TYPES.CHANNEL) {
    // As Discord's client: a pick of the server's channels (of the option's channel types), sent by id.
    const channels = state.world.server.channels.filter((c) => !option.channel_types || option.channel_types.includes(c.type));
    return el('select', { id, name: option.name }, el('option', { value: '' }, option.required ? 'Choose a channel…' : '—'), ...channels.map((c) => el('option', { value: c.id }, `# ${c.name}${c.nsfw ? ' (18+)' : ''}`)));
  }
  if (option.type === OPTION_TYPES.USER) {
    // As Discord's client: a pick of the server's members, sent by id.
    const members = state.world.server.members;
    return el('select', { id, name: option.name }, el('option', { value: '' }, option.required ? 'Choose a member…' : '—'), ...members.map((u) => el('option', { value: u.id }, `@${u.username}`)));
  }
  if (option.type === OPTION_TYPES.ROLE) {
    const roles = state.world.server.roles;
    return el('select', { id, name: option.name }, el('option', { value: '' }, option.required ? 'Choose a role…' : '—'), ...roles.map((r) => el('option', { value: r.id }, `${r.name.startsWith('@') ? '' : '@'}${r.name}${r.mentionable || r.name.startsWith('@') ? '' : ' (not mentionable)'}`)));
  }
  if (option.type === OPTION_TYPES.BOOLEAN) {
    return el('select', { id, name: option.name }, el('option', { value: '' }, '—'), el('option', { value: 'true' }, 'True'), el('option', { value: 'false' }, 'False'));
  }
  const numeric = option.type === OPTION_TYPES.INTEGER || option.type === OPTION_TYPES.NUMBER;
  return el('input', { id, name: option.name, type: numeric ? 'number' : 'text', step: option.type === OPTION_TYPES.INTEGER ? '1' : 'any', min: option.min_value, max: option.max_value, maxlength: option.max_length });
}

/** One option's field: its label (`*` when required), its input and, with autocomplete, the choices list. */
export function optionField(option) {
  const id = `opt-${option.name}`;
  const input = optionInput(option, id);
  const wrapper = el('div', { class: 'option-field', 'data-option': option.name }, el('label', { for: id, title: localized(option, 'description') }, `${localized(option, 'name')}${option.required ? '*' : ''}`), input);
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

/** Option name → its value as entered (an autocomplete choice's value rather than its name). */
export function optionValues() {
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
