/** What a mail of an organisation carries: its name, its logo as an absolute URL, and one action. */
export interface ActionMailContent {
  organizationName: string;
  logoUrl: string | null;
  greeting: string;
  /** Paragraphs before the button. */
  paragraphs: string[];
  action: { label: string; url: string };
  /** A closing note under the button (e.g. how long the link works). */
  footnote: string;
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Plain text and HTML of a mail with one call-to-action button; every value is escaped. */
export function actionMail(content: ActionMailContent): { text: string; html: string } {
  const { organizationName, logoUrl, greeting, paragraphs, action, footnote } = content;
  const text = [
    organizationName,
    '',
    greeting,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${action.label}: ${action.url}`,
    '',
    footnote,
  ].join('\n');

  const name = escapeHtml(organizationName);
  const url = escapeHtml(action.url);
  const logo = logoUrl
    ? `<img src="${escapeHtml(logoUrl)}" alt="${name} logo" width="56" height="56" style="display:block;margin:0 auto 8px;border-radius:12px">`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${name}</title></head>
<body style="margin:0;padding:24px 12px;background:#f4f5f7;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Arial,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border-radius:16px;padding:32px 28px">
<tr><td align="center" style="padding-bottom:16px">${logo}<p style="margin:0;font-size:18px;font-weight:600">${name}</p></td></tr>
<tr><td style="font-size:15px;line-height:1.5">
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
${paragraphs.map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`).join('\n')}
<p style="margin:24px 0;text-align:center"><a href="${url}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 24px;border-radius:8px">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b7280">If the button does not work, open this address: <a href="${url}" style="color:#1d4ed8;word-break:break-all">${url}</a></p>
<p style="margin:0;font-size:13px;color:#6b7280">${escapeHtml(footnote)}</p>
</td></tr></table>
</td></tr></table>
</body></html>`;
  return { text, html };
}
