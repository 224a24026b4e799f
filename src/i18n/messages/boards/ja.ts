// ゲームのランキング（/game leaderboard）と、すべてのランキングから自分を隠す設定（/settings boards）の日本語メッセージ。

export const boards = {
  'games.board.title': '{game, select, cover {カバーラウンド} daily {デイリー連続記録} other {ハイ＆ロー}} · {kind, select, anime {アニメ · } manga {マンガ · } other {}}このサーバー',
  'games.board.value': '{game, select, cover {{value}勝} daily {連続 **{value}**（最高 {best}）} other {最高記録 **{value}**}}',
  'games.board.you': '{line} ← あなた',
  'games.board.yourPlace': 'あなたの順位：**#{rank}** · {value}',
  'games.board.notOn': '{game, select, cover {このサーバーのチャンネルでカバーラウンドに勝つと、このランキングに載ります。} daily {終えたデイリーの結果をここで共有すると（`/game daily` の共有ボタン）、このランキングに載ります。} other {ここで `/game higher-lower` を最後まで遊ぶと、このランキングに載ります。}}',
  'games.board.youHidden': 'あなたはすべてのランキングから自分を隠しています（`/settings boards`）。',
  'games.board.empty': 'ここで遊んだ人のうち、まだこのランキングに載っている人はいません。',
  'games.board.footer': 'ここで遊んだ{count}人 · 自分を隠している人は表示されません',

  'settings.boards.hidden.title': 'すべてのランキングから非表示',
  'settings.boards.hidden.text': 'どのサーバーのランキングにも表示されなくなりました。ゲームと記録はそのままです。`/settings boards` で再び表示できます。',
  'settings.boards.shown.title': 'ランキングに表示',
  'settings.boards.shown.text': '遊んだサーバーのランキングに再び表示されます。',
  'settings.show.boards': '{hidden, select, yes {すべてのランキングから自分を隠しています。} other {遊んだサーバーのランキングに表示されます。}}',
};
