import type { Messages } from '../../message-types.js';
import type { weekly as en } from './en.js';

export const weekly: Messages<typeof en> = {
  'weekly.caption': 'このサーバーの1週間',
  'weekly.subtitle': '{from} – {to} · {kind, select, anime {アニメ} manga {マンガ} other {アニメとマンガ}}',
  'weekly.fact.episodes': '視聴したエピソード',
  'weekly.fact.chapters': '読んだ章',
  'weekly.fact.completed': '完了したタイトル',
  'weekly.fact.joined': '新しいメンバー',
  'weekly.top.heading': '今週いちばん観られ、読まれたタイトル',
  'weekly.top.value': '{members, plural, other {#人}}',
  'weekly.airing.heading': '放送中・多くのメンバーが視聴中',
  'weekly.finished.heading': '今週完了したタイトル',
  'weekly.finished.line': '{user} が {title} を完了',
  'weekly.finished.more': '…ほか{count, plural, other {#件}}',
  'weekly.text':
    '**このサーバーの1週間**（{from} – {to}）：{episodes, plural, other {#話}}視聴、{chapters, plural, other {#章}}読了、{completed, plural, other {#タイトル}}完了、{joined, plural, =0 {新しいメンバーなし} other {新しいメンバー#人}}。',
  'weekly.text.top': 'いちばん観られたタイトル：{titles}。',
  'weekly.text.airing': '放送中で多くのメンバーが視聴中：{titles}。',
  'weekly.nsfw.hidden': '{count, plural, other {職場閲覧注意のタイトル#件}}は数に含めていますが、名前は出していません（年齢制限チャンネルのみ）。',
  'weekly.seenSince': 'ボットは{date}からメンバーのリストの変更を記録しています。今週はそれ以降の分だけです。',
  'weekly.alt': 'このサーバーの1週間のカード：{facts}。{titles}',
  'weekly.alt.titles': ' いちばん観られたタイトル：{titles}。',
  'weekly.kind': '{kind, select, anime {アニメ} manga {マンガ} other {アニメとマンガ}}',
  'weekly.weekday': '{day, select, 0 {日曜日} 1 {月曜日} 2 {火曜日} 3 {水曜日} 4 {木曜日} 5 {金曜日} other {土曜日}}',
  'weekly.preview.title': 'プレビュー：このサーバーの直近7日間（あなたにだけ表示）',
  'weekly.preview.quiet': '直近7日間は伝えることがありません。視聴・読書・完了も新しいメンバーもないため、週間まとめは見送られます。',
  'weekly.channel.added': '週間まとめを追加しました',
  'weekly.channel.updated': '週間まとめを変更しました',
  'weekly.channel.addedText':
    'このサーバーの1週間のまとめ（{kind}）を毎週{weekday}の{time}（{timeZone}）に <#{channel}> に、このサーバーの言語で投稿します。次回：<t:{next}:F>。',
  'weekly.channel.grant':
    'まとめは画像です。ボットにはそこで**ファイルを添付**の権限が必要です。画像を投稿する前にボットを追加したサーバーは、チャンネルの設定 → 権限 → ボットのロールで付与してください（READMEのリンクで招待し直しても構いません）。',
  'weekly.channel.adultNote': '職場閲覧注意のタイトルは数に含めますが、名前は年齢制限チャンネルでのみ出します。',
  'weekly.channel.removed': '週間まとめを削除しました',
  'weekly.channel.removedText': '<#{channel}> への週間まとめの投稿をやめました。',
  'weekly.list.title': 'このサーバーの週間まとめ',
  'weekly.list.none': '週間まとめはどのチャンネルにも投稿されていません。「サーバー管理」権限のあるメンバーが `/recap channel add` で追加できます。',
  'weekly.list.line': '<#{channel}> — 毎週{weekday} {time}（{timeZone}）、{kind}',
  'weekly.list.next': '次回 <t:{next}:F>',
  'weekly.list.posted': '前回の投稿 <t:{at}:R>',
  'weekly.list.never': 'まだ投稿されていません',
  'weekly.list.skipped':
    '{week}の週は見送り：{reason, select, quiet {伝えることなし（視聴・読書・完了・新メンバーなし）} late {予定時刻から6時間以上ボットが停止していた} other {チャンネルが一時停止中}}',
  'weekly.list.paused':
    '⚠️ <t:{at}:R>から一時停止中：Discordが投稿を拒否しました（{reason}）。そのチャンネルでボットに「チャンネルを見る」「メッセージを送信」「埋め込みリンク」「ファイルを添付」を与え、もう一度 `/recap channel add` を実行してください。',
  'weekly.error.timeZone.title': '不明なタイムゾーン',
  'weekly.error.timeZone.text': '「{zone}」はボットが知っているタイムゾーンではありません。`Asia/Tokyo`、`Europe/Berlin`、`UTC` などのIANA名を使ってください。',
  'weekly.error.time.title': '時刻ではありません',
  'weekly.error.time.text': '「{time}」は時刻ではありません。24時間制の HH:MM（例：18:30）で入力してください。',
  'weekly.error.limit.title': 'まとめのチャンネルが多すぎます',
  'weekly.error.limit.text': '週間まとめを投稿できるのは1サーバーにつき{max}チャンネルまでです。先に1つ削除してください。',
  'weekly.error.notThere.title': 'そこに週間まとめはありません',
  'weekly.error.notThere.text': 'そのチャンネルには週間まとめがありません。',
  'weekly.notice.title': "週間まとめがチャンネルで一時停止しました",
  'weekly.notice.refused':
    "**{server}** の <#{channel}> へのボットの週間まとめを Discord が拒否したため（{reason}）、そこでの週間まとめを一時停止しました。",
  'weekly.notice.fix':
    "そのチャンネルでボットに「チャンネルを見る」「メッセージを送信」「埋め込みリンク」「ファイルを添付」を与え、そこでもう一度 `/recap channel add` を実行してください。",
  'weekly.notice.why':
    "-# あなたがサーバーの所有者のためお知らせしています。「サーバー管理」権限を持つメンバーは `/recap channel list` で確認できます。",
  'weekly.notice.yourServer': "あなたのサーバー",
};
