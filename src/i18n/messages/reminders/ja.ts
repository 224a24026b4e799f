import type { Messages } from '../../message-types.js';
import type { reminders as en } from './en.js';

export const reminders: Messages<typeof en> = {
  'reminders.added.title': 'リマインダーを設定しました',
  'reminders.added.text': '**{title}** の新しいエピソードの放送予定時刻にDMでお知らせします。',
  'reminders.next.episode': '次は第{episode}話で、日本での放送予定は {time}（{relative}）です。',
  'reminders.next.unnumbered': '次の日本での放送予定は {time}（{relative}）です。',
  'reminders.removed.title': 'リマインダーを停止しました',
  'reminders.removed.text': 'このタイトルのリマインダーはもう届きません。',
  'reminders.followList.on.title': 'リストをフォロー中',
  'reminders.followList.on.text':
    '「視聴中」と「視聴予定」リストにある{count, plural, other {放送中の#タイトル}}のリマインダーが届くようになりました。リストの変更は数時間以内に反映されます。',
  'reminders.followList.off.title': 'リストのフォローを停止しました',
  'reminders.followList.off.text': '`/remind add` で追加したタイトルのリマインダーはそのまま届きます。',
  'reminders.delay.title': '遅延を設定しました',
  'reminders.delay.text': 'リマインダーは日本での放送予定時刻の{minutes, plural, other {#分}}後に届くようになりました。',
  'reminders.resumed.title': 'リマインダーを再開しました',
  'reminders.resumed.text': 'ボットから再びDMが届きます。DMは受け取れる設定のままにしておいてください。',
  'reminders.notPaused.title': 'リマインダーは一時停止していません',
  'reminders.notPaused.text': 'リマインダーは有効です。',

  'reminders.channelAdded.title': 'チャンネルのリマインダーを設定しました',
  'reminders.channelAdded.text':
    '**{title}** の新しいエピソードの放送予定時刻{delay, plural, =0 {} other {の#分後}}に、{channel} に投稿します{role, select, none {} other {（{role} をメンション）}}{thread, select, yes {。投稿ごとにそのエピソード用のスレッドも作成します} other {}}。',
  'reminders.channelRemoved.title': 'チャンネルのリマインダーを停止しました',
  'reminders.channelRemoved.text': '{channel} にはこのタイトルのリマインダーをもう投稿しません。',

  'reminders.error.nsfw.title': '閲覧注意のタイトル',
  'reminders.error.nsfw.text': 'このタイトルは閲覧注意（NSFW）に指定されています。リマインダーには年齢制限のあるチャンネルを選んでください。',
  'reminders.error.notFollowing.title': 'フォローしていません',
  'reminders.error.notFollowing.text': 'このタイトルのリマインダーは受け取っていません。`/remind list` で確認できます。',
  'reminders.error.notFollowingChannel.title': 'フォローしていません',
  'reminders.error.notFollowingChannel.text': 'そのチャンネルにはこのタイトルのリマインダーが設定されていません。`/remind channel list` で確認できます。',

  'reminders.refused.notExpected': '{title} は今後のエピソードが予定されていない（{reason}）ため、お知らせするものがありません。',
  'reminders.refused.notExpectedChannel': '{title} は今後のエピソードが予定されていない（{reason}）ため、投稿するものがありません。',
  'reminders.refused.delay': '遅延は0〜{max}分の整数で指定してください。',
  'reminders.refused.tooMany': 'フォローできるのは最大{max}タイトルです。',
  'reminders.refused.tooManyChannel': '1つのサーバーでフォローできるのは、全チャンネル合わせて最大{max}タイトルです。',
  'reminders.refused.followListLogin': 'リストのフォローでは「視聴中」と「視聴予定」リストを読み込みます。先に `/login` でアカウントを連携してください。',

  'reminders.inactive.finished': '放送終了',
  'reminders.inactive.noBroadcastTime': '放送時間が不明',
  'reminders.inactive.noStartDate': '放送開始日がまだ不明',
  'reminders.inactive.allAired': '全話放送済み',
  'reminders.inactive.none': '予定されているエピソードなし',

  'reminders.access.cannotSee': 'ボットはそのチャンネルを見ることができません。そのチャンネルでボットに「チャンネルを見る」権限を与えてください。',
  'reminders.access.otherServer': 'そのチャンネルはこのサーバーのものではありません。',
  'reminders.access.channelType': 'テキストチャンネルかアナウンスチャンネルを選んでください。',
  'reminders.access.missing':
    'ボットにはそのチャンネルで {permissions} の権限がありません。{count, plural, other {その権限}}を与えてから、もう一度お試しください。',
  'reminders.access.roleNotInServer': 'そのロールはこのサーバーにありません。',
  'reminders.access.everyone': '@everyone ではなく、メンションするロールを選んでください。',
  'reminders.access.roleNotMentionable':
    'ボットはそのロールをメンションできません。ロールをメンション可能にするか、そのチャンネルでボットに「@everyone、@here、全てのロールにメンション」権限を与えてください。',
  'reminders.permission.viewChannel': '「チャンネルを見る」',
  'reminders.permission.sendMessages': '「メッセージを送信」',
  'reminders.permission.embedLinks': '「埋め込みリンク」',
  'reminders.permission.createPublicThreads': '「公開スレッドの作成」',
  'reminders.permission.attachFiles': 'ファイルを添付',

  'reminders.post.headline': '{title} 第{episode}話の放送予定時刻です',
  'reminders.post.headlineUnnumbered': '{title} の新しいエピソードの放送予定時刻です',
  'reminders.post.expected': '日本での放送予定は {time}（{relative}）です。配信はもっと遅くなることがあります。',
  'reminders.post.late': '-# 遅延：このリマインダーの予定時刻にボットがオフラインでした。',
  'reminders.post.button.addEpisode': '+1話',
  'reminders.post.button.open': '開く',
  'reminders.post.button.stop': 'このタイトルのリマインダーを停止',
  'reminders.post.button.discussion': '第{episode}話のディスカッション',
  'reminders.thread.episode': '第{episode}話',
  'reminders.thread.newEpisode': '新しいエピソード',

  'reminders.paused.title': 'エピソードのリマインダーを一時停止しました',
  'reminders.paused.text':
    'Discordがボットからのダイレクトメッセージを許可しなかったため、リマインダーを一時停止しました。プライバシー設定でこのサーバーのメンバー（またはアプリ）からのダイレクトメッセージを許可してから、`/remind resume` を実行してください。',

  'reminders.failed.header': '⚠️ {count, plural, other {#件のリマインダー}}を届けられませんでした：',
  'reminders.failed.item': '{title}：{reason}（{when}）',
  'reminders.failed.itemEpisode': '{title} 第{episode}話：{reason}（{when}）',
  'reminders.failed.reason.gone': 'Discordが投稿を拒否しました',
  'reminders.failed.reason.retry': 'Discordが時間内に受け付けませんでした',

  'reminders.list.title': 'エピソードのリマインダー',
  'reminders.list.followList': 'リストをフォロー：**{state, select, on {オン} other {オフ}}**',
  'reminders.list.delay': '日本での放送からの遅延：**{minutes}分**',
  'reminders.list.paused': '⚠️ **一時停止中**：ボットからDMを送れませんでした。DMを受け取れるようにしてから `/remind resume` を実行してください。',
  'reminders.list.fromList': 'リストから',
  'reminders.list.nextEpisode': '第{episode}話 {time} {relative}',
  'reminders.list.next': '{time} {relative}',
  'reminders.list.empty': '放送中のタイトルをフォローしていません。`/remind add` で追加できます。',
  'reminders.list.footer': '時刻は予定であり、確定ではありません。休止や延期はサービスでは告知されません。',
  'reminders.list.choice': '{title} · ID {id}',

  'reminders.channelList.title': 'このサーバーのエピソードリマインダー',
  'reminders.channelList.delay': '+{minutes}分',
  'reminders.channelList.thread': 'エピソードごとにスレッド',
  'reminders.channelList.paused': '⚠️ 一時停止中：Discordが投稿を拒否しました（{reason}）。ボットの権限を直してから、もう一度追加してください。',
  'reminders.channelList.noReason': '理由の記載なし',
  'reminders.channelList.empty': 'タイトルをフォローしているチャンネルはまだありません。`/remind channel add` で追加できます。',

  'reminders.stop.title': 'リマインダーを停止しました',
  'reminders.stop.text': 'このタイトルのリマインダーはもう届きません。`/remind add` で再開できます。',
  'reminders.stop.notFollowing.title': 'フォローしていません',
  'reminders.stop.notFollowing.text': 'このタイトルのリマインダーは受け取っていませんでした。',
};
