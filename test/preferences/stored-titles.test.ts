// What the bot stores for everyone never takes one person's title form: a server mirror's entry and a
// reminder's title keep the service's main title even when built from a work shown in another form.

import { describe, expect, it } from 'vitest';
import { titleInfoOf } from '../../src/reminders/records.js';
import { inTitleForm } from '../../src/service/title-forms.js';
import type { Anime } from '../../src/service/work-types.js';
import { mirrorEntryOf } from '../../src/community/list-source.js';

const WORK: Anime = { id: 967, title: 'Hokuto no Ken', alternative_titles: { en: 'Fist of the North Star', ja: '北斗の拳' }, num_episodes: 109, nsfw: 'white' };

describe('stored titles', () => {
  for (const form of ['english', 'japanese'] as const) {
    it(`stay the main title when the work was shown in ${form}`, () => {
      const shown = inTitleForm(WORK, form);
      expect(shown.title).not.toBe('Hokuto no Ken');
      expect(mirrorEntryOf('anime', { ...shown, nsfw: 'white' }, { status: 'watching', num_episodes_watched: 3 })?.title).toBe('Hokuto no Ken');
      expect(titleInfoOf(shown, 0).title).toBe('Hokuto no Ken');
    });
  }
});
