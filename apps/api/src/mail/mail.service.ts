import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { createTransport } from 'nodemailer';
import { AppConfig } from '@app/config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message exists to deliver; logged in outbox mode so a developer can click it. */
  link: string;
}

/**
 * E-mail over SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to
 * MAIL_OUTBOX_DIR (the embedded default, where no mail server exists) and its link is logged.
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private readonly smtp;
  private readonly composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  private sequence = 0;

  constructor(private readonly config: AppConfig) {
    this.smtp = config.SMTP_URL ? createTransport(config.SMTP_URL) : null;
  }

  async send(mail: OutgoingMail): Promise<void> {
    const message = {
      from: this.config.MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    };
    if (this.smtp) {
      await this.smtp.sendMail(message);
      return;
    }
    const { message: raw } = await this.composer.sendMail(message);
    // buffer: true makes the stream transport hand back the whole message as a Buffer.
    const file = await this.writeToOutbox(raw as Buffer);
    this.logger.log(`E-mail to ${mail.to} written to ${file}; link: ${mail.link}`);
  }

  onModuleDestroy(): void {
    this.smtp?.close();
  }

  private async writeToOutbox(raw: Buffer): Promise<string> {
    const dir = path.resolve(this.config.MAIL_OUTBOX_DIR);
    await mkdir(dir, { recursive: true });
    // Names sort by time of sending, so "newest" is simply the last name.
    const name = `${Date.now()}-${String(this.sequence++).padStart(6, '0')}-${randomBytes(3).toString('hex')}.eml`;
    const file = path.join(dir, name);
    await writeFile(file, raw, { mode: 0o600 });
    return file;
  }
}
