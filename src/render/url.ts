/**
 * An http(s) URL safe to place in an embed or a masked link, or undefined. Parentheses and spaces are
 * percent-encoded so a `[label](url)` can never end early; overly long URLs (> 2048) are refused.
 */
export function safeHttpUrl(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const trimmed = raw.trim().replace(/^(["'])(.*)\1$/, '$2').trim();
  if (!/^https?:\/\//i.test(trimmed)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  if (parsed.hostname === '') return undefined;
  const href = parsed.href.replace(/\(/g, '%28').replace(/\)/g, '%29');
  return href.length <= 2048 ? href : undefined;
}
