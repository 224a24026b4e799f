import type { Translator } from '../i18n/index.js';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** A self-contained page in the reader's language (`t`); every argument is plain text and is escaped here. */
export function renderPage(t: Translator, o: { title: string; message: string; detail?: string }): string {
  const detail = o.detail === undefined ? '' : `\n<p class="detail">${escapeHtml(o.detail)}</p>`;
  return layout(t, o.title, `<p>${escapeHtml(o.message)}</p>${detail}`);
}

export interface ConfirmPage {
  serviceUserName: string;
  discordUserId: string;
  discordUsername: string;
  discordDisplayName: string;
  /** A URL on the CDN origin, already checked by the caller (the page's CSP allows that origin only). */
  avatarUrl?: string;
  token: string;
  minutesLeft: number;
}

/**
 * Names both accounts and asks the person in the browser to confirm. Two plain forms (no JavaScript);
 * the token travels only in the POST body. Every value is escaped here.
 */
export function renderConfirmPage(t: Translator, o: ConfirmPage): string {
  const service = escapeHtml(o.serviceUserName);
  const handle = escapeHtml(`@${o.discordUsername}`);
  const avatar = o.avatarUrl === undefined ? '' : `<img src="${escapeHtml(o.avatarUrl)}" alt="" width="64" height="64">\n`;
  const form = (action: 'confirm' | 'cancel', label: string): string =>
    `<form method="post" action="confirm">
<input type="hidden" name="token" value="${escapeHtml(o.token)}">
<input type="hidden" name="action" value="${action}">
<button type="submit" class="${action}">${label}</button>
</form>`;
  // The catalogue's text is trusted (it may carry <strong>/<code>); every value put into it is escaped first.
  return layout(
    t,
    t.t('lists.web.confirm.title'),
    `<p class="question">${t.t('lists.web.confirm.question', { service, handle })}</p>
<div class="who">
${avatar}<p><strong>${escapeHtml(o.discordDisplayName)}</strong><br>${handle}<br><span class="detail">${t.t('lists.web.confirm.discordId', { id: escapeHtml(o.discordUserId) })}</span></p>
</div>
<p class="warning" role="alert">${t.t('lists.web.confirm.warning', { handle })}</p>
<div class="actions">
${form('confirm', t.t('lists.web.confirm.confirmButton', { service, handle }))}
${form('cancel', t.t('lists.web.confirm.cancelButton'))}
</div>
<p class="detail">${t.t('lists.web.confirm.expires', { minutes: o.minutesLeft })}</p>`,
    // Same-origin so the browser sends our Origin with the form POST (no-referrer would make it "null").
    'same-origin',
  );
}

/** `referrer` must match the page's Referrer-Policy header (a meta tag would override it). */
function layout(t: Translator, title: string, body: string, referrer: 'no-referrer' | 'same-origin' = 'no-referrer'): string {
  return `<!doctype html>
<html lang="${t.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="${referrer}">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; background: #f4f5f7; color: #1f2328; margin: 0; }
main { max-width: 32rem; margin: 4rem auto; padding: 2rem; background: #fff; border-radius: 8px; }
h1 { font-size: 1.4rem; margin-top: 0; }
.detail { color: #57606a; font-size: 0.9rem; word-break: break-all; }
.who { display: flex; gap: 1rem; align-items: center; }
.who img { border-radius: 50%; }
.warning { background: #fff8c5; border: 1px solid #d4a72c; padding: 0.75rem; border-radius: 6px; }
.actions { display: flex; gap: 1rem; flex-wrap: wrap; }
button { font: inherit; padding: 0.6rem 1rem; border-radius: 6px; border: 1px solid #1f2328; cursor: pointer; }
button.confirm { background: #1f6feb; color: #fff; border-color: #1f6feb; }
button.cancel { background: #fff; color: #1f2328; }
button:focus-visible { outline: 3px solid #0969da; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}
