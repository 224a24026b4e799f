/**
 * What a person's browser does on the emulator's login page: GET the authorize URL, fill in the form,
 * submit it, and hand back the redirect Location without following it.
 */
function unescapeHtml(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function attr(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m?.[1] === undefined ? undefined : unescapeHtml(m[1]);
}

export async function loginAsPerson(
  authorizeUrl: string,
  user: { name: string; password: string },
  decision: 'allow' | 'deny' = 'allow',
): Promise<URL> {
  const page = await fetch(authorizeUrl, { redirect: 'manual' });
  const html = await page.text();
  if (page.status !== 200 || !(page.headers.get('content-type') ?? '').startsWith('text/html')) {
    const where = page.headers.get('location');
    throw new Error(`login: the authorize page was refused (${page.status}${where ? `, redirect to ${where}` : ''}): ${html.slice(0, 300)}`);
  }
  const form = /<form[^>]*>([\s\S]*?)<\/form>/.exec(html);
  const formTag = /<form[^>]*>/.exec(html)?.[0];
  if (!form?.[1] || formTag === undefined) throw new Error('login: no form on the authorize page');
  const body = new URLSearchParams();
  for (const input of form[1].match(/<input[^>]*>/g) ?? []) {
    const name = attr(input, 'name');
    if (attr(input, 'type') === 'hidden' && name !== undefined) body.append(name, attr(input, 'value') ?? '');
  }
  body.set('username', user.name);
  body.set('password', user.password);
  body.set('decision', decision);
  const action = new URL(attr(formTag, 'action') ?? authorizeUrl, authorizeUrl);
  const res = await fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
    redirect: 'manual',
  });
  const location = res.headers.get('location');
  if (res.status !== 302 || location === null) {
    const text = await res.text();
    const error = /id="error"[^>]*>([^<]*)</.exec(text)?.[1];
    throw new Error(`login: the emulator refused the login (${res.status}): ${error ? unescapeHtml(error) : text.slice(0, 300)}`);
  }
  await res.body?.cancel();
  return new URL(location, action);
}
