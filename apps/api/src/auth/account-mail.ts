import type { OutgoingMail } from '../mail/mail.service.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function message(to: string, subject: string, lines: string[], action: string, link: string): OutgoingMail {
  const text = [...lines, '', link, '', 'If you did not ask for this, ignore this e-mail.', '', 'CUVIEW TV'].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p>Or open this address: ${escapeHtml(link)}</p>`,
    '<p>If you did not ask for this, ignore this e-mail.</p>',
    '<p>CUVIEW TV</p>',
  ].join('\n');
  return { to, subject, text, html, link };
}

export function activationMail(to: string, firstName: string, link: string): OutgoingMail {
  return message(
    to,
    'Activate your CUVIEW TV account',
    [`Hello ${firstName},`, 'Thank you for signing up. Open the link below and press ACTIVATE to start watching.'],
    'Activate my account',
    link,
  );
}

export function passwordResetMail(to: string, link: string): OutgoingMail {
  return message(
    to,
    'Reset your CUVIEW TV password',
    ['Someone asked to reset the password of your CUVIEW TV account.', 'The link works once, for 3 days.'],
    'Choose a new password',
    link,
  );
}
