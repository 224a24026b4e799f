// Slash commands in Japanese, as Discord's command picker shows them. English is the definitions
// themselves (commands/*.ts); src/interactions/command-localizations.ts fills these texts in when
// the commands are registered (npm run deploy-commands).
//
// To add a command, subcommand, option or choice, add its texts to EVERY language's file here
// (ja.ts, de.ts, fr.ts, es-ES.ts, pt-BR.ts), keyed by its path of English names: the command
// (`settings`), then each group, subcommand and option below it (`settings server-titles`,
// `settings server-titles form`); an option with choices also lists every choice value in `choices`.
// A missing or leftover path is a type error at the command's definition (`npm run typecheck`:
// src/interactions/command-texts-check.ts); test/interactions/command-localizations.test.ts also
// names each missing or leftover choice. Names:
// 1–32 characters, lower case, no spaces (join words with a hyphen), unique among their siblings;
// descriptions and choice names: 1–100 characters. Plain text, not ICU; `/command` names in a
// description stay English. A new language: a new file like this one, listed in index.ts.

import type { CommandTexts } from './types.js';

const TITLE = '候補から選ぶか、タイトル・ID（40748）・作品ページのリンクを入力';
const QUERY = '探すタイトル（3文字以上）';
const NSFW = '閲覧注意の作品も含める（年齢制限チャンネルでのみ有効）';
const KIND = 'アニメ（既定）またはマンガのリスト';
const KINDS = { anime: 'アニメ', manga: 'マンガ' };
const ROLE = '投稿ごとにメンションするロール（ボットがメンションできるもの）';
const ANIME_STATUSES = { watching: '視聴中', completed: '完了', on_hold: '保留中', dropped: '中断', plan_to_watch: '視聴予定' };
const MANGA_STATUSES = { reading: '読書中', completed: '完了', on_hold: '保留中', dropped: '中断', plan_to_read: '読書予定' };
const LIST_SORTS = { list_score: 'スコア順', list_updated_at: '更新日順' };
const CHART_SIZES = { '3x3': '3x3', '4x4': '4x4', '5x5': '5x5' };
const CHART_SORTS = { score: LIST_SORTS.list_score, recent: LIST_SORTS.list_updated_at };

export const ja = {
  anime: { name: 'アニメ', description: 'アニメを検索・閲覧' },
  'anime search': { name: '検索', description: 'タイトルでアニメを検索' },
  'anime search query': { name: 'タイトル', description: QUERY },
  'anime search nsfw': { name: '閲覧注意', description: NSFW },
  'anime info': { name: '詳細', description: 'アニメの詳細' },
  'anime info title': { name: 'タイトル', description: TITLE },
  'anime ranking': { name: 'ランキング', description: 'アニメのランキング' },
  'anime ranking type': {
    name: '種類',
    description: 'ランキングの種類',
    choices: {
      all: '総合',
      airing: '放送中',
      upcoming: '放送予定',
      tv: 'TVシリーズ',
      ova: 'OVA',
      movie: '劇場版',
      special: '特別編',
      bypopularity: '人気順',
      favorite: 'お気に入り数順',
    },
  },
  'anime season': { name: 'シーズン', description: 'シーズンのアニメ（既定：今期）' },
  'anime season year': { name: '年', description: '年（例：2024）' },
  'anime season season': { name: '季節', description: 'シーズン', choices: { winter: '冬', spring: '春', summer: '夏', fall: '秋' } },
  'anime season sort': { name: '並び順', description: '並び順（既定：スコア順）', choices: { anime_score: 'スコア順', anime_num_list_users: '登録ユーザー数順' } },
  'anime season-chart': { name: 'シーズンチャート', description: 'シーズンの作品をカバー画像で一覧（既定：今のシーズン）' },
  'anime season-chart year': { name: '年', description: '年（例：2024）' },
  'anime season-chart season': { name: '季節', description: 'シーズン', choices: { winter: '冬', spring: '春', summer: '夏', fall: '秋' } },
  'anime season-chart sort': { name: '並び順', description: '並び順（既定：人気順）', choices: { popularity: '人気順', score: 'スコア順' } },
  'anime schedule': { name: '放送予定', description: '今週放送予定のエピソード（現地時間で表示）' },
  'anime schedule day': {
    name: '曜日',
    description: 'この放送曜日のみ（日本時間）',
    choices: { monday: '月曜日', tuesday: '火曜日', wednesday: '水曜日', thursday: '木曜日', friday: '金曜日', saturday: '土曜日', sunday: '日曜日' },
  },
  'anime schedule mine': { name: 'マイリスト', description: '視聴中・視聴予定リストの作品のみ（/login が必要）' },
  'anime suggestions': { name: 'おすすめ', description: 'あなたへのおすすめアニメ（/login が必要）' },

  manga: { name: 'マンガ', description: 'マンガを検索・閲覧' },
  'manga search': { name: '検索', description: 'タイトルでマンガを検索' },
  'manga search query': { name: 'タイトル', description: QUERY },
  'manga search nsfw': { name: '閲覧注意', description: NSFW },
  'manga info': { name: '詳細', description: 'マンガの詳細' },
  'manga info title': { name: 'タイトル', description: TITLE },
  'manga ranking': { name: 'ランキング', description: 'マンガのランキング' },
  'manga ranking type': {
    name: '種類',
    description: 'ランキングの種類',
    choices: {
      all: '総合',
      manga: 'マンガ',
      novels: '小説',
      oneshots: '読み切り',
      doujin: '同人誌',
      manhwa: 'マンファ（韓国漫画）',
      manhua: 'マンフア（中国漫画）',
      bypopularity: '人気順',
      favorite: 'お気に入り数順',
    },
  },

  list: { name: 'リスト', description: 'アニメ・マンガのリスト：誰のリストでも閲覧でき、自分のリストは編集できます' },
  'list anime': { name: 'アニメ', description: 'アニメリスト' },
  'list anime view': { name: '表示', description: 'アニメリストを表示（既定：自分のリスト）' },
  'list anime view user': { name: 'ユーザー', description: 'サービスのユーザー名（既定：自分のリスト）' },
  'list anime view status': { name: 'ステータス', description: 'このステータスの作品のみ', choices: ANIME_STATUSES },
  'list anime view sort': {
    name: '並び順',
    description: '並び順',
    choices: { ...LIST_SORTS, anime_title: 'タイトル順', anime_start_date: '放送開始日順', anime_id: 'ID順' },
  },
  'list anime chart': { name: 'チャート', description: 'アニメリストのカバー画像（既定：自分のリスト）' },
  'list anime chart user': { name: 'ユーザー', description: 'サービスのユーザー名（既定：自分のリスト）' },
  'list anime chart size': { name: 'サイズ', description: 'カバーの数（既定：3x3）', choices: CHART_SIZES },
  'list anime chart status': { name: 'ステータス', description: 'このステータスの作品のみ（既定：完了）', choices: ANIME_STATUSES },
  'list anime chart sort': { name: '並び順', description: '並び順（既定：スコア順）', choices: CHART_SORTS },
  'list anime stats': { name: '統計', description: 'アニメリストの統計カード（既定：自分のリスト）' },
  'list anime stats user': { name: 'ユーザー', description: 'サービスのユーザー名（既定：自分のリスト）' },
  'list anime update': { name: '更新', description: 'アニメをリストに追加、または登録内容を変更' },
  'list anime update title': { name: 'タイトル', description: TITLE },
  'list anime update status': { name: 'ステータス', description: '自分のステータス', choices: ANIME_STATUSES },
  'list anime update score': { name: 'スコア', description: '自分のスコア（0＝なし〜10）' },
  'list anime update episodes': { name: '話数', description: '視聴済みの話数' },
  'list anime update rewatching': { name: '再視聴中', description: '再視聴中ですか？' },
  'list anime update times_rewatched': { name: '再視聴回数', description: '再視聴した回数' },
  'list anime update rewatch_value': { name: '再視聴価値', description: '再視聴価値（0〜5）' },
  'list anime update priority': { name: '優先度', description: '優先度：0 低、1 中、2 高' },
  'list anime update tags': { name: 'タグ', description: 'タグ（カンマ区切り）' },
  'list anime update comments': { name: 'コメント', description: 'コメント' },
  'list anime remove': { name: '削除', description: 'アニメをリストから削除' },
  'list anime remove title': { name: 'タイトル', description: TITLE },
  'list anime import': { name: 'インポート', description: 'ファイルをリストに取り込む' },
  'list anime import file': { name: 'ファイル', description: 'XMLまたは.gzファイル' },
  'list anime import mode': { name: 'モード', description: '変える内容', choices: { add_missing: 'ない作品だけ', overwrite: '上書き', keep_higher: '高いほう' } },
  'list manga': { name: 'マンガ', description: 'マンガリスト' },
  'list manga view': { name: '表示', description: 'マンガリストを表示（既定：自分のリスト）' },
  'list manga view user': { name: 'ユーザー', description: 'サービスのユーザー名（既定：自分のリスト）' },
  'list manga view status': { name: 'ステータス', description: 'このステータスの作品のみ', choices: MANGA_STATUSES },
  'list manga view sort': {
    name: '並び順',
    description: '並び順',
    choices: { ...LIST_SORTS, manga_title: 'タイトル順', manga_start_date: '連載開始日順', manga_id: 'ID順' },
  },
  'list manga chart': { name: 'チャート', description: 'マンガリストのカバー画像（既定：自分のリスト）' },
  'list manga chart user': { name: 'ユーザー', description: 'サービスのユーザー名（既定：自分のリスト）' },
  'list manga chart size': { name: 'サイズ', description: 'カバーの数（既定：3x3）', choices: CHART_SIZES },
  'list manga chart status': { name: 'ステータス', description: 'このステータスの作品のみ（既定：完了）', choices: MANGA_STATUSES },
  'list manga chart sort': { name: '並び順', description: '並び順（既定：スコア順）', choices: CHART_SORTS },
  'list manga stats': { name: '統計', description: 'マンガリストの統計カード（既定：自分のリスト）' },
  'list manga stats user': { name: 'ユーザー', description: 'サービスのユーザー名（既定：自分のリスト）' },
  'list manga update': { name: '更新', description: 'マンガをリストに追加、または登録内容を変更' },
  'list manga update title': { name: 'タイトル', description: TITLE },
  'list manga update status': { name: 'ステータス', description: '自分のステータス', choices: MANGA_STATUSES },
  'list manga update score': { name: 'スコア', description: '自分のスコア（0＝なし〜10）' },
  'list manga update volumes': { name: '巻数', description: '読んだ巻数' },
  'list manga update chapters': { name: '話数', description: '読んだ話数' },
  'list manga update rereading': { name: '再読中', description: '再読中ですか？' },
  'list manga update times_reread': { name: '再読回数', description: '再読した回数' },
  'list manga update reread_value': { name: '再読価値', description: '再読価値（0〜5）' },
  'list manga update priority': { name: '優先度', description: '優先度：0 低、1 中、2 高' },
  'list manga update tags': { name: 'タグ', description: 'タグ（カンマ区切り）' },
  'list manga update comments': { name: 'コメント', description: 'コメント' },
  'list manga remove': { name: '削除', description: 'マンガをリストから削除' },
  'list manga remove title': { name: 'タイトル', description: TITLE },
  'list manga import': { name: 'インポート', description: 'ファイルをリストに取り込む' },
  'list manga import file': { name: 'ファイル', description: 'XMLまたは.gzファイル' },
  'list manga import mode': { name: 'モード', description: '変える内容', choices: { add_missing: 'ない作品だけ', overwrite: '上書き', keep_higher: '高いほう' } },

  forum: { name: 'フォーラム', description: 'サービスのフォーラムを読む' },
  'forum boards': { name: '掲示板一覧', description: 'フォーラムの掲示板一覧' },
  'forum topics': { name: 'トピック検索', description: 'トピックを探す（掲示板・サブ掲示板・検索語のいずれかを指定）' },
  'forum topics board': { name: '掲示板', description: '掲示板のID（/forum boards で確認）' },
  'forum topics subboard': { name: 'サブ掲示板', description: 'サブ掲示板のID（/forum boards で確認）' },
  'forum topics query': { name: '検索語', description: '検索語（3文字以上）' },
  'forum topics topic_user': { name: '作成者', description: 'このユーザーが立てたトピックのみ' },
  'forum topics user': { name: '投稿者', description: 'このユーザーが投稿したトピックのみ' },
  'forum topic': { name: 'トピック', description: 'トピックを読む' },
  'forum topic id': { name: 'id', description: 'トピックのID' },

  profile: { name: 'プロフィール', description: 'サービスのプロフィールとアニメの統計（/login が必要）' },

  remind: { name: 'リマインダー', description: '新しいエピソードのリマインダー（DMまたはサーバーのチャンネル）' },
  'remind add': { name: '追加', description: '放送中アニメの新しいエピソードの予定時刻にDMで通知' },
  'remind add title': { name: 'タイトル', description: TITLE },
  'remind list': { name: '一覧', description: '自分のリマインダーと設定' },
  'remind remove': { name: '削除', description: '作品のリマインダーを停止' },
  'remind remove title': { name: 'タイトル', description: TITLE },
  'remind follow-list': { name: 'リスト連動', description: '視聴中・視聴予定リストの放送中の作品をすべてフォロー（/login が必要）' },
  'remind follow-list enabled': { name: '有効', description: 'オンでリストをフォロー、オフで停止' },
  'remind delay': { name: '遅延', description: '日本での放送から何分後に通知するか（配信は遅れることが多いため）' },
  'remind delay minutes': { name: '分', description: '0〜1440' },
  'remind resume': { name: '再開', description: 'ボットがDMを送れず一時停止したリマインダーを再開' },
  'remind channel': { name: 'チャンネル', description: 'サーバーのチャンネルに投稿するリマインダー（サーバー管理権限が必要）' },
  'remind channel add': { name: '追加', description: '放送中アニメの新しいエピソードの予定時刻にチャンネルへ投稿' },
  'remind channel add title': { name: 'タイトル', description: TITLE },
  'remind channel add channel': { name: 'チャンネル', description: 'リマインダーを投稿するテキストチャンネルまたはアナウンスチャンネル' },
  'remind channel add role': { name: 'ロール', description: ROLE },
  'remind channel add delay': { name: '遅延', description: '日本での放送から投稿までの分数（0〜1440）' },
  'remind channel add thread': { name: 'スレッド', description: '投稿ごとにそのエピソード用のスレッドを作成（公開スレッドの作成権限が必要）' },
  'remind channel list': { name: '一覧', description: 'このサーバーのチャンネルリマインダー' },
  'remind channel remove': { name: '削除', description: 'チャンネルへの作品のリマインダー投稿を停止' },
  'remind channel remove title': { name: 'タイトル', description: TITLE },
  'remind channel remove channel': { name: 'チャンネル', description: 'リマインダーを投稿するテキストチャンネルまたはアナウンスチャンネル' },

  server: { name: 'サーバー', description: 'このサーバーのリストコミュニティ：参加すると表示され、退出すると表示されなくなります' },
  'server join': { name: '参加', description: 'このサーバーに自分のリストの作品・スコア・進捗を表示（/login が必要）' },
  'server leave': { name: '退出', description: 'このサーバーのリストコミュニティへの表示をやめる' },
  'server leaderboard': { name: 'ランキング', description: '参加メンバーをリストの内容でランキング' },
  'server leaderboard by': {
    name: '基準',
    description: 'ランキングの基準',
    choices: { episodes: '視聴した話数（マンガは読んだ話数）', days: '視聴日数（アニメ）', completed: '完了した作品数', mean_score: '平均スコア' },
  },
  'server leaderboard kind': { name: '種類', description: KIND, choices: KINDS },
  'server top': { name: '人気作品', description: '参加メンバーの多くがリストに入れている作品と平均スコア' },
  'server top kind': { name: '種類', description: KIND, choices: KINDS },
  'server top status': {
    name: 'ステータス',
    description: 'リストでこのステータスの作品のみ数える',
    choices: { current: '視聴中／読書中', completed: '完了', on_hold: '保留中', dropped: '中断', planned: '視聴予定／読書予定' },
  },

  'server chart': { name: 'サーバーチャート', description: '参加メンバーが多く登録している作品をカバー画像で' },
  'server chart kind': { name: '種類', description: KIND, choices: KINDS },
  'server chart status': { name: 'ステータス', description: 'このステータスの作品のみ数える（既定：完了）', choices: { current: '視聴中／読書中', completed: '完了', on_hold: '保留中', dropped: '中断', planned: '視聴予定／読書予定' } },
  'server chart size': { name: 'サイズ', description: 'カバーの数（既定：3x3）', choices: CHART_SIZES },
  compare: { name: '比較', description: '2人のメンバーのリストの好みがどれだけ似ているか（2人とも /server join が必要）' },
  'compare member': { name: 'メンバー', description: 'あなた（またはもう一人のメンバー）と比べるメンバー' },
  'compare other': { name: '相手', description: 'あなたの代わりにこのメンバーと比べる' },
  'compare kind': { name: '種類', description: KIND, choices: KINDS },

  feed: { name: 'フィード', description: 'サーバーのアクティビティフィード：参加メンバーが見ているもの・読んでいるもの' },
  'feed channel': { name: 'チャンネル', description: 'アクティビティフィードを投稿するチャンネル（変更にはサーバー管理権限が必要）' },
  'feed channel add': { name: '追加', description: 'チャンネルにアクティビティフィードを投稿（ロールの変更や一時停止後の再開にも）' },
  'feed channel add channel': { name: 'チャンネル', description: 'フィードを投稿するテキストチャンネルまたはアナウンスチャンネル' },
  'feed channel add role': { name: 'ロール', description: ROLE },
  'feed channel list': { name: '一覧', description: 'このサーバーのフィードチャンネル' },
  'feed channel remove': { name: '削除', description: 'チャンネルへのアクティビティフィード投稿を停止' },
  'feed channel remove channel': { name: 'チャンネル', description: 'フィードを投稿するテキストチャンネルまたはアナウンスチャンネル' },

  login: { name: 'ログイン', description: 'サービスのアカウントを連携して、Discordから自分のリストを使う' },
  logout: { name: 'ログアウト', description: 'サービスのアカウントの連携を解除し、このボットからトークンを削除' },
  settings: { name: '設定', description: 'このボットの設定：タイトルの表示形式' },
  'settings titles': { name: 'タイトル表示', description: 'どこでも使うタイトルの表示形式を選ぶ：ローマ字（メインタイトル）、英語、日本語' },
  'settings titles form': { name: '形式', description: '表示するタイトルの形式（その形式のタイトルがない作品はメインタイトルで表示）', choices: { romaji: 'ローマ字（メインタイトル）', english: '英語', japanese: '日本語' } },
  'settings server-titles': { name: 'サーバー既定', description: '形式を選んでいないメンバー向けの、このサーバーの既定の表示形式（サーバー管理）' },
  'settings server-titles form': { name: '形式', description: 'このサーバーの既定の表示形式、またはメインタイトルに戻す', choices: { romaji: 'ローマ字（メインタイトル）', english: '英語', japanese: '日本語', reset: 'リセット（メインタイトル）' } },
  'settings show': { name: '確認', description: 'ここで適用されるタイトルの表示形式とその理由を表示' },
} satisfies CommandTexts;
