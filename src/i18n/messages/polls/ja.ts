// `/server pick` とその投票の日本語テキスト（キーは en.ts と同じ）。

import type { Messages } from '../../message-types.js';
import type { polls as en } from './en.js';

export const polls: Messages<typeof en> = {
  'polls.pick.title': '{kind, select, anime {みんなで観るなら} other {みんなで読むなら}}',
  'polls.pick.intro': '{members, plural, other {#人}}のメンバーの{kind, select, anime {「観る予定」} other {「読む予定」}}にあり、誰も完了・中断していない作品（希望者の多い順）：',
  'polls.pick.row': '**{rank, number}.** {title} — {count, plural, other {#人}}が希望：{who}',
  'polls.pick.hidden': 'NSFW の作品{count, plural, other {#件}}を除外しました（このチャンネルは年齢制限がありません）。',
  'polls.pick.footer': '投票：このチャンネルで{hours, plural, other {#時間}}の投票を行います（選んだ本人か「イベントの管理」権限のあるメンバーのみ）。',
  'polls.pick.noBot': 'ここでは投票できません：投票にはこのサーバーにボットが必要ですが、ここではアプリがあなたのアカウントにだけインストールされています（「サーバー管理」権限のある人がボットのプロフィールの「アプリを追加」から追加できます）。',
  'polls.pick.vote': '投票',
  'polls.pick.nothing.title': '候補がありません',
  'polls.pick.nothing.text':
    '{members, plural, one {このメンバー} other {この#人のメンバー}}の{kind, select, anime {「観る予定」} other {「読む予定」}}リストに、誰も完了・中断していない作品はありません{hidden, select, yes {（年齢制限のないチャンネルでは NSFW の作品を除外しています）} other {}}。',
  'polls.error.noMembers.title': 'まだ誰も参加していません',
  'polls.error.noMembers.text': 'このサーバーのリストコミュニティにはまだ誰も参加していません。メンバーは `/server join` で参加できます。',
  'polls.error.pickGone.title': '期限切れ',
  'polls.error.pickGone.text': 'この候補は古すぎて投票できません。もう一度 `/server pick` を実行してください。',
  'polls.error.notYours.title': '権限がありません',
  'polls.error.notYours.text': '{what, select, vote {この候補を選んだ} other {この投票を始めた}}メンバーか、「イベントの管理」権限のあるメンバーだけが操作できます。',
  'polls.error.pollGone.title': '不明な投票',
  'polls.error.pollGone.text': 'この投票はもう Bot に記録されていません（かなり前に終了しました）。',
  'polls.poll.question': '{kind, select, anime {何を観る？} other {何を読む？}}',
  'polls.open.text': '投票は {end}（{relative}）まで受け付けます。終了するとここに結果を投稿します。',
  'polls.open.already': 'この候補の投票はすでにこのチャンネルで行われています。',
  'polls.end.button': '投票を終了',
  'polls.end.done': '投票を終了しました。1分以内にここに結果を投稿します。',
  'polls.end.already': 'この投票はすでに終了しています。',
  'polls.refused.channelType': 'この種類のチャンネルでは Discord が投票を許可していません。',
  'polls.refused.other': 'Discord が投票を拒否しました（{status} / {code}）。',
  'polls.refused.end': 'Bot はこのチャンネルにアクセスできなくなったため、投票を終了できません。',
  'polls.permission.sendPolls': '「投票の作成」',
  'polls.permission.readHistory': '「メッセージ履歴を読む」',
  'polls.result.title': '投票結果：{title}',
  'polls.result.text': '{total, number}票中 **{votes, plural, other {#票}}**。{wanters, plural, other {#人}}のメンバーが{kind, select, anime {観る} other {読む}}予定にしています。',
  'polls.result.tieMembers': '票数が同じでしたが、希望するメンバーが多いため選ばれました。',
  'polls.result.tieOrder': '票数も希望者数も同じでしたが、候補の順位が上だったため選ばれました。',
  'polls.result.none.title': '投票がありませんでした',
  'polls.result.none.text': '票が入らないまま投票が終了したため、結果はありません。',
  'polls.result.plan': 'ウォッチパーティーを計画',
  'polls.result.page': 'ページを開く',
};
