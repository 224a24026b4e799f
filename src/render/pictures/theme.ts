// Colours and sizes shared by every picture (Discord's dark theme, so a picture sits well in the chat).

export const PICTURE_THEME = {
  background: '#1e1f22',
  panel: '#2b2d31',
  text: '#f2f3f5',
  muted: '#b5bac1',
  accent: '#5865f2',
  badge: '#f0b232',
  badgeText: '#1e1f22',
  shade: 'rgba(0, 0, 0, 0.72)',
} as const;

/** A cover tile's size: the service's covers are 225 × 318 (about 1 : 1.41). */
export const TILE = { width: 180, height: 254, gap: 6 } as const;

/** A stable hue for a title, so a placeholder tile looks the same every time. */
export function hueOf(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (hash * 31 + text.charCodeAt(i)) >>> 0;
  return hash % 360;
}

/** A colour per list status, in the kinds' status order (watching, completed, on hold, dropped, planned). */
export const STATUS_COLOURS = ['#23a55a', '#5865f2', '#f0b232', '#da373c', '#949ba4'] as const;
