// The composer's feedback: a command Discord's client would not send marked as its client marks it
// (a hint next to each option), and a plain error line for anything else that went wrong.

import { $, el } from './dom.js';

/**
 * What Discord's client does with a command it will not send (a required option empty, text too
 * short or long, a number out of range, not one of the choices): it marks each such option with a
 * short hint, selects the first and shakes; nothing reaches the bot.
 */
export function showHints(hints) {
  for (const field of $('option-fields').querySelectorAll('.option-field')) {
    const hint = hints[field.dataset.option];
    field.querySelector('.option-hint')?.remove();
    field.classList.toggle('invalid', hint !== undefined);
    if (hint !== undefined) field.append(el('span', { class: 'option-hint', role: 'alert' }, hint));
  }
  $('option-fields').querySelector('.invalid input, .invalid select')?.focus();
  $('composer').animate([{ transform: 'translateX(0)' }, { transform: 'translateX(-4px)' }, { transform: 'translateX(4px)' }, { transform: 'translateX(0)' }], { duration: 200 });
}

/** One line under the message box; an empty message hides it. */
export function showError(message) {
  $('composer-error').textContent = message;
  $('composer-error').hidden = message === '';
}
