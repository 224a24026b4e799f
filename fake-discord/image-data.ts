// Discord's image data (a data URI in a JSON body: an event's cover, an avatar, an icon): the types
// Discord's documentation names for it, JPEG, PNG and GIF, with a picture in them that has a size
// (Discord decodes what it stores). Anything else — WebP, AVIF, a data URI whose bytes are not an image
// — is refused with the form error Discord gives, IMAGE_INVALID "Invalid image data".

export type ImageDataType = 'png' | 'jpeg' | 'gif';

/** `data:image/<png|jpeg|jpg|gif>;base64,<bytes>`; the declared type is read from the bytes, not trusted. */
const DATA_URI = /^data:image\/(png|jpeg|jpg|gif);base64,([A-Za-z0-9+/]+={0,2})$/;

/** A JPEG's start-of-frame markers (baseline, progressive, lossless, arithmetic): they carry its size. */
const JPEG_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegHasFrame(b: Buffer): boolean {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return false;
    const marker = b[i + 1] ?? 0;
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (JPEG_SOF.has(marker)) return b.readUInt16BE(i + 5) > 0 && b.readUInt16BE(i + 7) > 0;
    if (marker === 0xd9 || marker === 0xda) return false;
    i += 2 + b.readUInt16BE(i + 2);
  }
  return false;
}

/** What the bytes are as Discord's image data, with a width and height; undefined for anything else. */
export function sniffImageData(b: Buffer): ImageDataType | undefined {
  if (b.length >= 24 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) && b.subarray(12, 16).toString('latin1') === 'IHDR') {
    return b.readUInt32BE(16) > 0 && b.readUInt32BE(20) > 0 ? 'png' : undefined;
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return jpegHasFrame(b) ? 'jpeg' : undefined;
  if (b.length >= 10 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1'))) return b.readUInt16LE(6) > 0 && b.readUInt16LE(8) > 0 ? 'gif' : undefined;
  return undefined;
}

/** The bytes of a data URI Discord takes as image data, with their type; undefined when Discord says "Invalid image data". */
export function readImageData(value: unknown): { bytes: Buffer; type: ImageDataType } | undefined {
  const m = typeof value === 'string' ? DATA_URI.exec(value) : null;
  if (!m) return undefined;
  const bytes = Buffer.from(m[2] ?? '', 'base64');
  const type = sniffImageData(bytes);
  return type && { bytes, type };
}
