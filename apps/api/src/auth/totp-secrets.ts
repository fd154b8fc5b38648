import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '@app/config';

const VERSION = 'v1';

/**
 * TOTP secrets at rest: AES-256-GCM under a key derived (HKDF-SHA256) from JWT_SECRET, so a
 * copy of the database alone does not give anyone's second factor. Stored as
 * `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
@Injectable()
export class TotpSecrets {
  private readonly key: Buffer;

  constructor(config: AppConfig) {
    this.key = Buffer.from(hkdfSync('sha256', config.JWT_SECRET, 'cuview', 'totp-secret', 32));
  }

  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** Null when the value was sealed under another key (JWT_SECRET changed) or altered. */
  open(stored: string): string | null {
    const [version, iv, tag, sealed] = stored.split('.');
    if (version !== VERSION || !iv || !tag || !sealed) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
