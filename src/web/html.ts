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

/** A self-contained page; every argument is plain text and is escaped here. */
export function renderPage(o: { title: string; message: string; detail?: string }): string {
  const detail = o.detail === undefined ? '' : `\n<p class="detail">${escapeHtml(o.detail)}</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(o.title)}</title>
<style>
body { font-family: system-ui, sans-serif; background: #f4f5f7; color: #1f2328; margin: 0; }
main { max-width: 32rem; margin: 4rem auto; padding: 2rem; background: #fff; border-radius: 8px; }
h1 { font-size: 1.4rem; margin-top: 0; }
.detail { color: #57606a; font-size: 0.9rem; word-break: break-all; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(o.title)}</h1>
<p>${escapeHtml(o.message)}</p>${detail}
</main>
</body>
</html>
`;
}
