import type { ImageKind, ImageSize } from '@app/contracts';

/** The prefix of every api route (Nest's global prefix, set in bootstrap.ts). */
export const API_PREFIX = 'cuviewTV';

/** The address of an image on this api (ImagesController), as the web app's imageUrl builds it. */
export function imagePath(kind: ImageKind, id: number, size: ImageSize): string {
  return `/${API_PREFIX}/image/${kind}/${id}/${size}/`;
}
