// Autocomplete choices as Discord accepts them: at most 25, names and values within 100
// characters, no blank names, no repeated values, and text from the service made plain.

import { clipPlain } from '../render/text.js';
import type { AutocompleteChoice } from './context.js';

const AUTOCOMPLETE_MAX_CHOICES = 25;
const CHOICE_TEXT_MAX = 100;

export function sanitizeChoices(choices: readonly AutocompleteChoice[]): AutocompleteChoice[] {
  const seen = new Set<string>();
  const out: AutocompleteChoice[] = [];
  for (const choice of choices) {
    const name = clipPlain(choice.name.trim(), CHOICE_TEXT_MAX).trim();
    if (!name || !choice.value || choice.value.length > CHOICE_TEXT_MAX || seen.has(choice.value)) continue;
    seen.add(choice.value);
    out.push({ name, value: choice.value });
    if (out.length === AUTOCOMPLETE_MAX_CHOICES) break;
  }
  return out;
}
