import type { Messages } from '../../message-types.js';
import type { settings as en } from './en.js';

export const settings: Messages<typeof en> = {
  'settings.form.romaji': 'メインタイトル（通常はローマ字）',
  'settings.form.english': '英語',
  'settings.form.japanese': '日本語',
  'settings.titles.saved.title': 'タイトルの表示形式を保存しました',
  'settings.titles.saved.text': 'これからは、ボットを使うすべての場所でタイトルを **{form}** で表示します（サーバーの既定より優先されます）。その形式のタイトルがない作品は、メインタイトルで表示します。',
  'settings.serverTitles.saved.title': 'サーバーの既定を保存しました',
  'settings.serverTitles.saved.text': '表示形式を選んでいないメンバーには、このサーバーでタイトルを **{form}** で表示します。各自 `/settings titles` で自分の形式を選ぶこともできます。',
  'settings.serverTitles.reset.title': 'サーバーの既定をリセットしました',
  'settings.serverTitles.reset.text': '表示形式を選んでいないメンバーには、このサーバーで各作品のメインタイトルを表示します。',
  'settings.show.title': 'タイトルの表示形式',
  'settings.show.user': 'タイトルは **{form}** で表示されます。あなた自身が選んだ形式です（`/settings titles`）。',
  'settings.show.server': 'タイトルは **{form}** で表示されます。あなたが形式を選んでいないため、このサーバーの既定が適用されています。`/settings titles` で自分の形式を選べます。',
  'settings.show.default': '各作品の **メインタイトル**（通常はローマ字）が表示されます。あなたは形式を選んでおらず、ここで適用されるサーバーの既定もありません。`/settings titles` で選べます。',
  'settings.show.serverDefault': 'このサーバーの既定：**{form}**',
  'settings.show.noServerDefault': 'このサーバーに既定はありません。形式を選んでいないメンバーにはメインタイトルが表示されます。',
  'settings.show.directMessages': 'サーバーの既定は、そのサーバー内でのみ適用されます。',
  'settings.show.fallback': '選んだ形式のタイトルがない作品は、メインタイトルで表示されます。',
};
