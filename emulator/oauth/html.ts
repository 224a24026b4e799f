/** HTML pages of the authorization server. Everything reflected is escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>\n<body>\n${body}\n</body>\n</html>\n`;
}

export function errorPage(message: string): string {
  return page('Authorization error', `<h1>Authorization error</h1>\n<p id="error">${escapeHtml(message)}</p>`);
}

/** Login + consent form; the original authorization parameters travel as hidden fields. */
export function loginPage(clientId: string, params: ReadonlyArray<readonly [string, string]>, error?: string): string {
  const hidden = params.map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join('\n');
  const err = error === undefined ? '' : `<p id="error" role="alert">${escapeHtml(error)}</p>\n`;
  return page(
    'Log in',
    `<h1>Log in to authorize ${escapeHtml(clientId)}</h1>
<p>The application asks for the scope write:users: see and modify your profile and list data.</p>
${err}<form method="post" action="/v1/oauth2/authorize">
${hidden}
<label>User name <input type="text" name="username" autocomplete="username"></label>
<label>Password <input type="password" name="password" autocomplete="current-password"></label>
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`,
  );
}
