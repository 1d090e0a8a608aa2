import type { Language } from '../../../shared/i18n/languages.js';
import { translatorFor } from '../../i18n/translate.js';
import { contentOf, type MailMessage, type MailSetting } from './messages.js';

// Every message goes out with a plain-text part and an HTML part built from the same words.
// The HTML is a single table-based column with inline styles: what mail programs render.
// Greeting, signature and footer are in the message's language too (issue 24).

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderMail(
  message: MailMessage,
  firstName: string,
  setting: MailSetting,
  language: Language,
): RenderedMail {
  const t = translatorFor(language);
  const content = contentOf(message, setting, language);
  const clinic = setting.clinicName;
  const greeting = t('email.greeting', { firstName });
  const signature = t('email.signature', { clinic });
  const footer = t('email.footer', { clinic });

  const text = [
    greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.href}`, ''] : []),
    signature,
    '',
    footer,
    '',
  ].join('\n');

  const p = (s: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937">${escapeHtml(s)}</p>`;
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.href)}" style="display:inline-block;background:#166534;color:#ffffff;text-decoration:none;font-weight:600;font-size:16px;padding:12px 20px;border-radius:6px">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#4b5563">${escapeHtml(t('email.buttonFallback'))}<br>${escapeHtml(content.action.href)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px"><tr><td style="padding:28px 24px">
<p style="margin:0 0 20px;font-size:18px;font-weight:700;color:#166534">${escapeHtml(setting.clinicName)}</p>
${p(greeting)}
${content.paragraphs.map(p).join('\n')}
${button}
${p(signature)}
</td></tr></table>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;line-height:18px;color:#6b7280">${escapeHtml(footer)}</p>
</td></tr></table>
</body></html>
`;
  return { subject: content.subject, text, html };
}
