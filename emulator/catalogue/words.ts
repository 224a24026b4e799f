/** Vocabulary for generated titles, names and texts. [romaji, english, japanese] */
export const TITLE_WORDS: ReadonlyArray<readonly [string, string, string]> = [
  ['Sora', 'Sky', '空'],
  ['Hoshi', 'Star', '星'],
  ['Kaze', 'Wind', '風'],
  ['Yume', 'Dream', '夢'],
  ['Tsuki', 'Moon', '月'],
  ['Yoru', 'Night', '夜'],
  ['Hikari', 'Light', '光'],
  ['Kage', 'Shadow', '影'],
  ['Tenshi', 'Angel', '天使'],
  ['Akuma', 'Demon', '悪魔'],
  ['Mahou', 'Magic', '魔法'],
  ['Sekai', 'World', '世界'],
  ['Gakuen', 'Academy', '学園'],
  ['Shoujo', 'Girl', '少女'],
  ['Shounen', 'Boy', '少年'],
  ['Kishi', 'Knight', '騎士'],
  ['Ryuu', 'Dragon', '竜'],
  ['Hana', 'Flower', '花'],
  ['Umi', 'Sea', '海'],
  ['Honoo', 'Flame', '炎'],
  ['Kokoro', 'Heart', '心'],
  ['Mirai', 'Future', '未来'],
  ['Kioku', 'Memory', '記憶'],
  ['Ken', 'Sword', '剣'],
  ['Shiro', 'Castle', '城'],
  ['Neko', 'Cat', '猫'],
  ['Tabi', 'Journey', '旅'],
  ['Uta', 'Song', '歌'],
  ['Sakura', 'Cherry Blossom', '桜'],
  ['Yuki', 'Snow', '雪'],
  ['Ame', 'Rain', '雨'],
  ['Koori', 'Ice', '氷'],
  ['Kami', 'God', '神'],
  ['Oni', 'Ogre', '鬼'],
  ['Majo', 'Witch', '魔女'],
  ['Senshi', 'Warrior', '戦士'],
  ['Tantei', 'Detective', '探偵'],
  ['Kaitou', 'Phantom Thief', '怪盗'],
  ['Uchuu', 'Space', '宇宙'],
  ['Robo', 'Robot', 'ロボ'],
];

export const TITLE_SUFFIXES: ReadonlyArray<readonly [string, string]> = [
  ['Densetsu', 'Legend'],
  ['Monogatari', 'Story'],
  ['Senki', 'War Chronicle'],
  ['Nikki', 'Diary'],
  ['Kiroku', 'Records'],
  ['Gakuen', 'Academy'],
  ['Sensou', 'War'],
  ['Tenshi', 'Angel'],
];

export const SEQUEL_MARKS = ['2nd Season', 'Season 2', '3rd Season', 'Movie', 'OVA', 'Specials', 'Final Season', 'Zoku'];

export const FIRST_NAMES = [
  'Hiroshi', 'Takeshi', 'Yuki', 'Akira', 'Kenji', 'Naoko', 'Rumiko', 'Hajime', 'Tetsuya', 'Kouhei', 'Mari',
  'Hitoshi', 'Kentarou', 'Eiichiro', 'Tsugumi', 'Takehiko', 'Yoshihiro', 'Hiromu', 'Makoto', 'Ai', 'Rin',
  'Sui', 'Jun', 'Minoru', 'Satoshi', 'Keiko', 'Tomoko', 'Shin', 'Daisuke', 'Yuu',
];

export const LAST_NAMES = [
  'Tanaka', 'Suzuki', 'Takahashi', 'Watanabe', 'Itou', 'Yamamoto', 'Nakamura', 'Kobayashi', 'Katou', 'Yoshida',
  'Yamada', 'Sasaki', 'Yamaguchi', 'Matsumoto', 'Inoue', 'Kimura', 'Hayashi', 'Shimizu', 'Yamazaki', 'Mori',
  'Abe', 'Ikeda', 'Hashimoto', 'Ishikawa', 'Ogawa', 'Fujita', 'Okada', 'Gotou', 'Hasegawa', 'Murakami',
];

export const GENRES = [
  { id: 1, name: 'Action' },
  { id: 2, name: 'Adventure' },
  { id: 4, name: 'Comedy' },
  { id: 7, name: 'Mystery' },
  { id: 8, name: 'Drama' },
  { id: 10, name: 'Fantasy' },
  { id: 14, name: 'Horror' },
  { id: 17, name: 'Martial Arts' },
  { id: 18, name: 'Mecha' },
  { id: 19, name: 'Music' },
  { id: 22, name: 'Romance' },
  { id: 23, name: 'School' },
  { id: 24, name: 'Sci-Fi' },
  { id: 25, name: 'Shoujo' },
  { id: 27, name: 'Shounen' },
  { id: 30, name: 'Sports' },
  { id: 36, name: 'Slice of Life' },
  { id: 37, name: 'Supernatural' },
  { id: 40, name: 'Psychological' },
  { id: 42, name: 'Seinen' },
  { id: 43, name: 'Josei' },
] as const;

export const GENRE_ECCHI = { id: 9, name: 'Ecchi' };
export const GENRE_HENTAI = { id: 12, name: 'Hentai' };

export const STUDIOS = [
  { id: 1, name: 'Pierrot' },
  { id: 2, name: 'Kyoto Animation' },
  { id: 4, name: 'Bones' },
  { id: 7, name: 'J.C.Staff' },
  { id: 10, name: 'Production I.G' },
  { id: 11, name: 'Madhouse' },
  { id: 14, name: 'Sunrise' },
  { id: 18, name: 'Toei Animation' },
  { id: 37, name: 'Studio Deen' },
  { id: 43, name: 'ufotable' },
  { id: 44, name: 'Shaft' },
  { id: 56, name: 'A-1 Pictures' },
  { id: 73, name: 'TMS Entertainment' },
  { id: 569, name: 'MAPPA' },
  { id: 858, name: 'Wit Studio' },
] as const;

export const MAGAZINES = [
  { id: 83, name: 'Shounen Jump (Weekly)' },
  { id: 2, name: 'Young Animal' },
  { id: 61, name: 'Afternoon' },
  { id: 8, name: 'Big Comic Original' },
  { id: 1, name: 'Shounen Magazine (Weekly)' },
  { id: 12, name: 'Bessatsu Margaret' },
  { id: 21, name: 'Dengeki Bunko' },
  { id: 9, name: 'Ultra Jump' },
] as const;

export const SYNOPSIS_SENTENCES = [
  'A quiet town hides a secret that nobody dares to speak about.',
  'When an ordinary student finds a mysterious artifact, everything changes overnight.',
  'Two rivals are forced to cooperate to survive a world that wants them gone.',
  "An old promise made under the cherry blossoms returns to haunt its keeper.",
  'The kingdom is falling, and only a reluctant hero can hold the line.',
  'Friendship, failure and a lot of instant noodles fill the days of a struggling club.',
  'Across the stars, a crew of misfits chases a bounty that may cost them everything.',
  'A detective with an unusual gift investigates crimes that defy explanation.',
  'Every night at midnight, the school turns into a labyrinth of forgotten dreams.',
  'A cook, a knight and a cat set out to find the legendary last recipe.',
  "She wanted a normal life; the \"chosen one\" business had other plans.",
  'War has ended, but the soldiers still carry it home with them.',
];

export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

export const BBCODE_SNIPPETS = [
  'I think this is [b]the best[/b] one so far.',
  '[i]Honestly[/i], the ending caught me off guard.',
  '[quote=someone]It was fine I guess[/quote]<br />\nFine?! It was amazing!',
  'The soundtrack &amp; the animation were top tier.',
  'Can&#039;t wait for the next episode &gt;_&lt;',
  '[spoiler]The mentor dies in episode 12.[/spoiler]',
  '[url=https://example.org/review]My full review[/url] if anyone is interested.',
  '[u]Unpopular opinion:[/u] the manga did it better.',
  '[s]I was wrong[/s] it got better after episode 3.',
  '[color=red]Warning:[/color] long post ahead.<br />\n<br />\nOk here goes.',
  '[size=150]Agreed![/size]',
  '[center][img]https://cdn.example.org/images/fanart.jpg[/img][/center]',
  'My ranking:<br />\n[list][*]Opening 1[*]Opening 3[*]Opening 2[/list]',
  '&quot;Believe it&quot; never gets old.',
  'Same here, 10/10 would watch again.',
];

export const SIGNATURES = [
  '',
  '[img]https://cdn.example.org/images/sig.png[/img]',
  '[center][i]Currently watching way too much[/i][/center]',
  '[url=https://example.org/animelist][color=darkred]my list[/color][/url]',
];
