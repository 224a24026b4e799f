import { type IdName } from './types.js';

/** Real, well-known titles always present in the catalogue so tests read naturally. */
export interface KnownWork {
  id: number;
  title: string;
  media_type: string;
  start_date: string;
  end_date?: string;
  synonyms: string[];
  en: string;
  ja: string;
  genres: IdName[];
  mean: number;
  num_list_users: number;
  synopsis?: string;
}

export interface KnownAnime extends KnownWork {
  num_episodes: number;
  source: string;
  average_episode_duration: number;
  rating: string;
  studios: IdName[];
  broadcast?: { day_of_the_week: string; start_time: string };
}

export interface KnownManga extends KnownWork {
  num_volumes: number;
  num_chapters: number;
  authors: Array<{ id: number; first_name: string; last_name: string; role: string }>;
  serialization: IdName[];
  status?: string;
}

const g = (id: number, name: string): IdName => ({ id, name });
const ACTION = g(1, 'Action');
const ADVENTURE = g(2, 'Adventure');
const COMEDY = g(4, 'Comedy');
const DRAMA = g(8, 'Drama');
const FANTASY = g(10, 'Fantasy');
const MARTIAL = g(17, 'Martial Arts');
const ROMANCE = g(22, 'Romance');
const SCIFI = g(24, 'Sci-Fi');
const SHOUNEN = g(27, 'Shounen');
const SLICE = g(36, 'Slice of Life');
const SUPERNATURAL = g(37, 'Supernatural');
const PSYCH = g(40, 'Psychological');
const SEINEN = g(42, 'Seinen');
const SCHOOL = g(23, 'School');
const MILITARY = g(38, 'Military');
const HORROR = g(14, 'Horror');

const TOEI = g(18, 'Toei Animation');
const SUNRISE = g(14, 'Sunrise');
const MAPPA = g(569, 'MAPPA');
const PIERROT = g(1, 'Pierrot');

export const KNOWN_ANIME: KnownAnime[] = [
  {
    id: 1, title: 'Cowboy Bebop', media_type: 'tv', start_date: '1998-04-03', end_date: '1999-04-24',
    synonyms: [], en: 'Cowboy Bebop', ja: 'カウボーイビバップ', genres: [ACTION, ADVENTURE, DRAMA, SCIFI],
    mean: 8.75, num_list_users: 1_850_000, num_episodes: 26, source: 'original', average_episode_duration: 1440,
    rating: 'r', studios: [SUNRISE], broadcast: { day_of_the_week: 'saturday', start_time: '01:00' },
    synopsis: 'In the year 2071, humanity has colonized several of the planets and moons of the solar system, and a crew of bounty hunters drifts between them aboard the spaceship Bebop.',
  },
  {
    id: 21, title: 'One Piece', media_type: 'tv', start_date: '1999-10-20',
    synonyms: ['OP'], en: 'One Piece', ja: 'ONE PIECE', genres: [ACTION, ADVENTURE, FANTASY, SHOUNEN],
    mean: 8.72, num_list_users: 2_350_000, num_episodes: 0, source: 'manga', average_episode_duration: 1440,
    rating: 'pg_13', studios: [TOEI], broadcast: { day_of_the_week: 'sunday', start_time: '09:30' },
    synopsis: 'Monkey D. Luffy sets sail to find the legendary treasure One Piece and become King of the Pirates.',
  },
  {
    id: 967, title: 'Hokuto no Ken', media_type: 'tv', start_date: '1984-10-11', end_date: '1987-03-05',
    synonyms: ['Seikimatsu Kyuseishu Densetsu: Hokuto no Ken', 'HNK'], en: 'Fist of the North Star', ja: '北斗の拳',
    genres: [ACTION, DRAMA, MARTIAL, SCIFI, SHOUNEN], mean: 8.01, num_list_users: 160_000, num_episodes: 109,
    source: 'manga', average_episode_duration: 1500, rating: 'r', studios: [TOEI],
    broadcast: { day_of_the_week: 'thursday', start_time: '19:00' },
    synopsis: 'After a nuclear war, Kenshiro, master of the deadly Hokuto Shinken martial art, wanders the wasteland protecting the weak.',
  },
  {
    id: 1356, title: 'Hokuto no Ken 2', media_type: 'tv', start_date: '1987-03-13', end_date: '1988-02-18',
    synonyms: [], en: 'Fist of the North Star 2', ja: '北斗の拳2', genres: [ACTION, DRAMA, MARTIAL, SCIFI, SHOUNEN],
    mean: 7.6, num_list_users: 40_000, num_episodes: 43, source: 'manga', average_episode_duration: 1500,
    rating: 'r', studios: [TOEI],
  },
  {
    id: 1358, title: 'Hokuto no Ken Movie', media_type: 'movie', start_date: '1986-03-08', end_date: '1986-03-08',
    synonyms: [], en: 'Fist of the North Star: The Movie', ja: '北斗の拳', genres: [ACTION, DRAMA, MARTIAL, SCIFI],
    mean: 7.3, num_list_users: 30_000, num_episodes: 1, source: 'manga', average_episode_duration: 6600,
    rating: 'r+', studios: [TOEI],
  },
  {
    id: 20, title: 'Naruto', media_type: 'tv', start_date: '2002-10-03', end_date: '2007-02-08',
    synonyms: ['NARUTO'], en: 'Naruto', ja: 'ナルト', genres: [ACTION, ADVENTURE, FANTASY, SHOUNEN],
    mean: 8.0, num_list_users: 2_700_000, num_episodes: 220, source: 'manga', average_episode_duration: 1380,
    rating: 'pg_13', studios: [PIERROT], broadcast: { day_of_the_week: 'thursday', start_time: '19:30' },
  },
  {
    id: 5114, title: 'Fullmetal Alchemist: Brotherhood', media_type: 'tv', start_date: '2009-04-05',
    end_date: '2010-07-04', synonyms: ['Hagane no Renkinjutsushi: Fullmetal Alchemist'],
    en: 'Fullmetal Alchemist: Brotherhood', ja: '鋼の錬金術師 FULLMETAL ALCHEMIST',
    genres: [ACTION, ADVENTURE, DRAMA, FANTASY], mean: 9.1, num_list_users: 3_400_000, num_episodes: 64,
    source: 'manga', average_episode_duration: 1440, rating: 'r', studios: [g(4, 'Bones')],
    broadcast: { day_of_the_week: 'sunday', start_time: '17:00' },
  },
  {
    id: 34572, title: 'Black Clover', media_type: 'tv', start_date: '2017-10-03', end_date: '2021-03-30',
    synonyms: [], en: 'Black Clover', ja: 'ブラッククローバー', genres: [ACTION, COMEDY, FANTASY, SHOUNEN],
    mean: 8.14, num_list_users: 1_500_000, num_episodes: 170, source: 'manga', average_episode_duration: 1380,
    rating: 'pg_13', studios: [PIERROT], broadcast: { day_of_the_week: 'tuesday', start_time: '18:25' },
  },
  {
    id: 40748, title: 'Jujutsu Kaisen (TV)', media_type: 'tv', start_date: '2020-10-03', end_date: '2021-03-27',
    synonyms: ['Sorcery Fight', 'JJK'], en: 'Jujutsu Kaisen', ja: '呪術廻戦', genres: [ACTION, FANTASY, SHOUNEN, SCHOOL],
    mean: 8.6, num_list_users: 2_900_000, num_episodes: 24, source: 'manga', average_episode_duration: 1440,
    rating: 'r', studios: [MAPPA], broadcast: { day_of_the_week: 'saturday', start_time: '01:25' },
  },
  {
    id: 40028, title: 'Shingeki no Kyojin: The Final Season', media_type: 'tv', start_date: '2020-12-07',
    end_date: '2021-03-29', synonyms: ['Shingeki no Kyojin Season 4', 'Attack on Titan Season 4'],
    en: 'Attack on Titan: Final Season', ja: '進撃の巨人 The Final Season', genres: [ACTION, DRAMA, MILITARY, SHOUNEN],
    mean: 8.8, num_list_users: 2_200_000, num_episodes: 16, source: 'manga', average_episode_duration: 1420,
    rating: 'r', studios: [MAPPA], broadcast: { day_of_the_week: 'monday', start_time: '00:10' },
  },
  {
    id: 42897, title: 'Horimiya', media_type: 'tv', start_date: '2021-01-10', end_date: '2021-04-04',
    synonyms: [], en: 'Horimiya', ja: 'ホリミヤ', genres: [COMEDY, ROMANCE, SCHOOL, SLICE],
    mean: 8.2, num_list_users: 1_300_000, num_episodes: 13, source: 'web_manga', average_episode_duration: 1420,
    rating: 'pg_13', studios: [g(1180, 'CloverWorks')], broadcast: { day_of_the_week: 'sunday', start_time: '00:00' },
  },
  {
    id: 820, title: 'Ginga Eiyuu Densetsu', media_type: 'ova', start_date: '1988-01-08', end_date: '1997-03-17',
    synonyms: ['LoGH', 'Legend of Galactic Heroes'], en: 'Legend of the Galactic Heroes', ja: '銀河英雄伝説',
    genres: [DRAMA, MILITARY, SCIFI], mean: 9.0, num_list_users: 330_000, num_episodes: 110, source: 'novel',
    average_episode_duration: 1560, rating: 'r', studios: [g(1342, 'K-Factory')],
  },
  {
    id: 37521, title: 'Vinland Saga', media_type: 'tv', start_date: '2019-07-08', end_date: '2019-12-30',
    synonyms: [], en: 'Vinland Saga', ja: 'ヴィンランド・サガ', genres: [ACTION, ADVENTURE, DRAMA, SEINEN],
    mean: 8.75, num_list_users: 1_600_000, num_episodes: 24, source: 'manga', average_episode_duration: 1440,
    rating: 'r', studios: [g(858, 'Wit Studio')], broadcast: { day_of_the_week: 'monday', start_time: '00:10' },
  },
  {
    id: 1453, title: 'Maison Ikkoku', media_type: 'tv', start_date: '1986-03-26', end_date: '1988-03-02',
    synonyms: [], en: 'Maison Ikkoku', ja: 'めぞん一刻', genres: [COMEDY, DRAMA, ROMANCE, SEINEN, SLICE],
    mean: 8.2, num_list_users: 60_000, num_episodes: 96, source: 'manga', average_episode_duration: 1500,
    rating: 'pg_13', studios: [g(237, 'Studio Deen')],
  },
];

export const KNOWN_MANGA: KnownManga[] = [
  {
    id: 2, title: 'Berserk', media_type: 'manga', start_date: '1989-08-25', synonyms: ['Berserk: The Prototype'],
    en: 'Berserk', ja: 'ベルセルク', genres: [ACTION, ADVENTURE, DRAMA, FANTASY, HORROR, SEINEN], mean: 9.47,
    num_list_users: 700_000, num_volumes: 0, num_chapters: 0, status: 'on_hiatus',
    authors: [{ id: 1868, first_name: 'Kentarou', last_name: 'Miura', role: 'Story & Art' }],
    serialization: [g(2, 'Young Animal')],
    synopsis: 'Guts, a former mercenary now known as the "Black Swordsman," is out for revenge.',
  },
  {
    id: 13, title: 'One Piece', media_type: 'manga', start_date: '1997-07-22', synonyms: [], en: 'One Piece',
    ja: 'ONE PIECE', genres: [ACTION, ADVENTURE, FANTASY, SHOUNEN], mean: 9.22, num_list_users: 650_000,
    num_volumes: 0, num_chapters: 0,
    authors: [{ id: 1881, first_name: 'Eiichiro', last_name: 'Oda', role: 'Story & Art' }],
    serialization: [g(83, 'Shounen Jump (Weekly)')],
  },
  {
    id: 401, title: 'Kiseijuu', media_type: 'manga', start_date: '1988-11-19', end_date: '1995-01-24',
    synonyms: ['Parasite', 'Parasitic Beasts'], en: 'Parasyte', ja: '寄生獣', genres: [ACTION, PSYCH, SCIFI],
    mean: 8.5, num_list_users: 140_000, num_volumes: 10, num_chapters: 64,
    authors: [{ id: 2377, first_name: 'Hitoshi', last_name: 'Iwaaki', role: 'Story & Art' }],
    serialization: [g(61, 'Afternoon')],
  },
  {
    id: 21, title: 'Death Note', media_type: 'manga', start_date: '2003-12-01', end_date: '2006-05-15',
    synonyms: [], en: 'Death Note', ja: 'デスノート', genres: [SUPERNATURAL, PSYCH, SHOUNEN], mean: 8.7,
    num_list_users: 600_000, num_volumes: 12, num_chapters: 108,
    authors: [
      { id: 1879, first_name: 'Tsugumi', last_name: 'Ohba', role: 'Story' },
      { id: 1880, first_name: 'Takeshi', last_name: 'Obata', role: 'Art' },
    ],
    serialization: [g(83, 'Shounen Jump (Weekly)')],
  },
  {
    id: 11, title: 'Naruto', media_type: 'manga', start_date: '1999-09-21', end_date: '2014-11-10', synonyms: ['NARUTO'],
    en: 'Naruto', ja: 'NARUTO―ナルト―', genres: [ACTION, ADVENTURE, FANTASY, SHOUNEN], mean: 8.07,
    num_list_users: 500_000, num_volumes: 72, num_chapters: 700,
    authors: [{ id: 1874, first_name: 'Masashi', last_name: 'Kishimoto', role: 'Story & Art' }],
    serialization: [g(83, 'Shounen Jump (Weekly)')],
  },
  {
    id: 78789, title: 'Neo Kiseijuu', media_type: 'manga', start_date: '2016-01-25', end_date: '2016-07-22',
    synonyms: ['Neo Parasyte', 'Kiseijuu Tribute', 'Lucy and Migi', 'Lucy to Migi'], en: 'Neo Parasyte m',
    ja: 'ネオ寄生獣', genres: [ACTION, SCIFI, HORROR], mean: 7.1, num_list_users: 9_000, num_volumes: 1, num_chapters: 12,
    authors: [{ id: 2377, first_name: 'Hitoshi', last_name: 'Iwaaki', role: 'Story' }],
    serialization: [g(61, 'Afternoon')],
  },
  {
    id: 80797, title: 'Neo Kiseijuu f', media_type: 'manga', start_date: '2016', end_date: '2017',
    synonyms: ['Kiseijuu Tribute'], en: 'Neo Parasyte f', ja: 'ネオ寄生獣f', genres: [ACTION, SCIFI],
    mean: 6.9, num_list_users: 5_000, num_volumes: 1, num_chapters: 15,
    authors: [{ id: 2377, first_name: 'Hitoshi', last_name: 'Iwaaki', role: 'Story' }],
    serialization: [],
  },
  {
    id: 30051, title: 'Sakurasou no Pet na Kanojo', media_type: 'novel', start_date: '2010-01-10',
    end_date: '2014-03-08', synonyms: ['Sakura-sou no Pet na Kanojo'], en: '', ja: 'さくら荘のペットな彼女',
    genres: [ROMANCE, COMEDY, SLICE], mean: 8.13, num_list_users: 9_838, num_volumes: 13, num_chapters: 0,
    authors: [
      { id: 14013, first_name: 'Hajime', last_name: 'Kamoshida', role: 'Story' },
      { id: 19950, first_name: 'Keiji', last_name: 'Mizoguchi', role: 'Art' },
    ],
    serialization: [g(21, 'Dengeki Bunko')],
  },
  {
    id: 33327, title: 'Tokyo Ghoul', media_type: 'manga', start_date: '2011-09-08', end_date: '2014-09-18',
    synonyms: ['Toukyou Kushu'], en: 'Tokyo Ghoul', ja: '東京喰種トーキョーグール', genres: [ACTION, HORROR, PSYCH, SEINEN],
    mean: 8.5, num_list_users: 450_000, num_volumes: 14, num_chapters: 144,
    authors: [{ id: 16737, first_name: 'Sui', last_name: 'Ishida', role: 'Story & Art' }],
    serialization: [g(7, 'Young Jump')],
  },
  {
    id: 44347, title: 'One Punch-Man', media_type: 'manga', start_date: '2012-06-14', synonyms: ['Onepunch-Man'],
    en: 'One-Punch Man', ja: 'ワンパンマン', genres: [ACTION, COMEDY, SCIFI, SEINEN], mean: 8.8,
    num_list_users: 430_000, num_volumes: 0, num_chapters: 0,
    authors: [
      { id: 17271, first_name: '', last_name: 'ONE', role: 'Story' },
      { id: 1902, first_name: 'Yusuke', last_name: 'Murata', role: 'Art' },
    ],
    serialization: [g(1084, 'Tonari no Young Jump')],
  },
];
