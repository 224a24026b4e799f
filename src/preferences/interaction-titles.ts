// What one interaction needs to show titles in the form that applies to its person: the form, read
// once on first use; the week's airing titles in that form; the autocomplete cache of that form.

import type { SeasonAiring } from '../airing/season-airing.js';
import { TitleCache } from '../known-works/title-cache.js';
import { inTitleForm, MAIN_TITLE_FORM, TITLE_FORMS, type TitleForm } from '../service/title-forms.js';
import type { TitlePreferences } from './title-preferences.js';

/** A store slower than this shows the main title rather than hold the answer up. */
export const PREFERENCE_READ_MS = 500;

/**
 * The form an interaction shows titles in, read from the store on the first call only (never when no
 * title is shown); the main title when the store fails or is slow (told to `onError`).
 */
export function lazyTitleForm(
  preferences: TitlePreferences,
  who: { userId: string; guildId: string | undefined },
  onError: (error: unknown) => void,
): () => Promise<TitleForm> {
  let read: Promise<TitleForm> | undefined;
  return () => (read ??= bounded(preferences.formFor(who.userId, who.guildId).then((applied) => applied.form), onError));
}

async function bounded(read: Promise<TitleForm>, onError: (error: unknown) => void): Promise<TitleForm> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<TitleForm>((resolve) => {
    timer = setTimeout(() => {
      onError(new Error(`the title preference took over ${PREFERENCE_READ_MS} ms to read`));
      resolve(MAIN_TITLE_FORM);
    }, PREFERENCE_READ_MS);
  });
  try {
    return await Promise.race([read, late]);
  } catch (error) {
    onError(error);
    return MAIN_TITLE_FORM;
  } finally {
    clearTimeout(timer);
  }
}

/** The shared airing titles (one copy for every viewer) as one interaction shows them. */
export function airingInTitleForm(airing: SeasonAiring, form: () => Promise<TitleForm>): SeasonAiring {
  const view = Object.create(airing) as SeasonAiring;
  view.titles = async (signal?: AbortSignal) => {
    const [titles, chosen] = await Promise.all([airing.titles(signal), form()]);
    return chosen === MAIN_TITLE_FORM ? titles : titles.map((t) => inTitleForm(t, chosen));
  };
  return view;
}

/** One autocomplete cache per title form: the suggestions a cache keeps are named in one form. */
export class TitleCaches {
  private readonly byForm: ReadonlyMap<TitleForm, TitleCache>;

  constructor(main: TitleCache, now: () => number) {
    this.byForm = new Map(TITLE_FORMS.map((form) => [form, form === MAIN_TITLE_FORM ? main : new TitleCache(now)]));
  }

  of(form: TitleForm): TitleCache {
    return this.byForm.get(form) ?? (this.byForm.get(MAIN_TITLE_FORM) as TitleCache);
  }
}
