import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Undoes quoted-printable (soft line breaks and =XX escapes), enough to read links back. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The outbox's messages, newest first, as decoded text. */
export async function readOutbox(dir: string): Promise<{ file: string; text: string }[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  names.sort().reverse();
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      return { file, text: decodeQuotedPrintable(await readFile(file, 'latin1')) };
    }),
  );
}

/**
 * The link in the newest outbox message (optionally: sent to `to`, with a link containing
 * `contains`), for tests and for developers without a mail server. Null when there is none.
 */
export async function newestOutboxLink(
  dir: string,
  filter: { to?: string; contains?: string } = {},
): Promise<string | null> {
  for (const { text } of await readOutbox(dir)) {
    if (filter.to && !new RegExp(`^To: .*${escapeRegExp(filter.to)}`, 'im').test(text)) continue;
    for (const [link] of text.matchAll(/https?:\/\/[^\s"<>]+/g)) {
      if (!filter.contains || link.includes(filter.contains)) return link;
    }
  }
  return null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Waits for a matching link: reset and resend e-mails leave after the HTTP answer. */
export async function waitForOutboxLink(
  dir: string,
  filter: { to?: string; contains?: string } = {},
  timeoutMs = 5000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const link = await newestOutboxLink(dir, filter);
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no e-mail with a link ${JSON.stringify(filter)} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
