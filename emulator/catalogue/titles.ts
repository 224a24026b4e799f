import { type Prng } from '../prng.js';
import { SEQUEL_MARKS, TITLE_SUFFIXES, TITLE_WORDS } from './words.js';

export interface TitleSet {
  romaji: string;
  en: string;
  ja: string;
}

export function makeTitle(rng: Prng): TitleSet {
  const a = rng.pick(TITLE_WORDS);
  const b = rng.pick(TITLE_WORDS);
  const suffix = rng.pick(TITLE_SUFFIXES);
  switch (rng.int(0, 3)) {
    case 0:
      return { romaji: `${a[0]} no ${b[0]}`, en: `The ${b[1]} of the ${a[1]}`, ja: `${a[2]}の${b[2]}` };
    case 1:
      return { romaji: `${a[0]} ${suffix[0]}`, en: `${a[1]} ${suffix[1]}`, ja: `${a[2]}${suffix[0] === 'Gakuen' ? '学園' : '物語'}` };
    case 2:
      return { romaji: `${a[0]} to ${b[0]}`, en: `${a[1]} and ${b[1]}`, ja: `${a[2]}と${b[2]}` };
    default:
      return { romaji: `${a[0]} ${b[0]}!`, en: `${a[1]} ${b[1]}!`, ja: `${a[2]}${b[2]}！` };
  }
}

export function sequelTitle(base: TitleSet, rng: Prng): TitleSet {
  const mark = rng.pick(SEQUEL_MARKS);
  return { romaji: `${base.romaji} ${mark}`, en: base.en === '' ? '' : `${base.en} ${mark}`, ja: `${base.ja} ${mark}` };
}

export function synonymsFor(title: TitleSet, rng: Prng): string[] {
  const out: string[] = [];
  if (rng.chance(0.35)) out.push(title.romaji.replace(/ no /g, ' No ').replace(/!$/, ''));
  if (rng.chance(0.2)) out.push(title.romaji.split(' ').map((w) => w.charAt(0)).join('').toUpperCase());
  return out;
}
