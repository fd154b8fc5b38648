import {
  BadRequestException,
  HttpException,
  PayloadTooLargeException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { BadMediaError } from '@app/media';

/**
 * The uploader's mistakes as answers: not a picture / not a video → 415, too big → 413,
 * damaged or cut short → 400. Other errors pass through unchanged.
 */
export function mediaHttpError(error: unknown): unknown {
  if (!(error instanceof BadMediaError)) return error;
  switch (error.reason) {
    case 'too_large':
      return new PayloadTooLargeException({ message: error.message });
    case 'unsupported_type':
    case 'active_content':
    case 'external_reference':
    case 'no_video':
    case 'no_audio':
      return new UnsupportedMediaTypeException({ message: error.message });
    case 'invalid_media':
    case 'empty':
    case 'truncated':
    case 'unreadable':
    case 'invalid_range':
      return new BadRequestException({ message: error.message });
    default: {
      const never: never = error.reason;
      return new HttpException({ message: String(never) }, 400);
    }
  }
}
