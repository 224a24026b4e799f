// A rendered picture as the attachment a message carries: its file name from what it shows and its
// format, its content type, and its alt text.

import type { MessageFile } from '../attachments.js';
import type { EncodedPicture } from './encode.js';

/** `stem` is a plain file name without extension (`anime-chart`); `alt` names what the picture shows. */
export function pictureFile(stem: string, picture: EncodedPicture, alt: string): MessageFile {
  return { name: `${stem}.${picture.format}`, data: picture.data, contentType: `image/${picture.format}`, description: alt };
}
