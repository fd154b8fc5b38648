import { useState, type ImgHTMLAttributes } from 'react';
import { DEFAULT_COVER } from '@/lib/images';

/** An image that falls back to the default cover when the image service has none (404). */
export function Img({ src, alt, ...rest }: ImgHTMLAttributes<HTMLImageElement> & { alt: string }) {
  const [failed, setFailed] = useState<string | undefined>(undefined);
  const effective = !src || failed === src ? DEFAULT_COVER : src;
  return (
    <img
      loading="lazy"
      decoding="async"
      {...rest}
      src={effective}
      alt={alt}
      onError={() => {
        if (src && failed !== src) setFailed(src);
      }}
    />
  );
}
