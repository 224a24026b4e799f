// The fonts every picture is drawn with, from npm packages whose licence allows redistribution (Noto,
// SIL Open Font License): Latin and the rest of Noto Sans, Japanese, Korean (a manhwa's native title
// is Hangul), Simplified Chinese (a manhua's) and emoji, so no title draws as boxes. Registered once
// per process, on the first picture.

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';

const require = createRequire(import.meta.url);

/** Package, file stem, and the family name the bot registers it under; tried in this order for each character. */
const FAMILIES = [
  ['@expo-google-fonts/noto-sans', 'NotoSans', 'Bot Sans'],
  ['@expo-google-fonts/noto-sans-jp', 'NotoSansJP', 'Bot Sans JP'],
  ['@expo-google-fonts/noto-sans-kr', 'NotoSansKR', 'Bot Sans KR'],
  ['@expo-google-fonts/noto-sans-sc', 'NotoSansSC', 'Bot Sans SC'],
  ['@expo-google-fonts/noto-emoji', 'NotoEmoji', 'Bot Emoji'],
] as const;

const WEIGHTS = [
  ['400Regular', '400Regular'],
  ['700Bold', '700Bold'],
] as const;

let registered = false;

/** Registers the fonts (once); throws naming the package when one is missing. */
export function registerFonts(): void {
  if (registered) return;
  for (const [pkg, stem, family] of FAMILIES) {
    const root = dirname(require.resolve(`${pkg}/package.json`));
    for (const [folder, suffix] of WEIGHTS) {
      const file = join(root, folder, `${stem}_${suffix}.ttf`);
      if (!GlobalFonts.registerFromPath(file, family)) throw new Error(`the picture font ${file} (${pkg}) could not be loaded`);
    }
  }
  registered = true;
}

const STACK = FAMILIES.map(([, , family]) => `"${family}"`).join(', ');

/** A CSS font for the canvas: size in pixels, bold or regular, falling back through every script. */
export function font(sizePx: number, weight: 'regular' | 'bold' = 'regular'): string {
  return `${weight === 'bold' ? 'bold ' : ''}${sizePx}px ${STACK}`;
}
