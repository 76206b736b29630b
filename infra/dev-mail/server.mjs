// The development mail catcher (`npm start` runs it when SMTP_URL is unset): an SMTP server on
// DEV_SMTP_PORT that keeps every message in memory, and an inbox page on DEV_MAIL_PORT to read them.
// Nothing leaves the machine. smtp-server receives, mailparser reads: the same parts a real mail app sees.
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const SMTP_PORT = Number(process.env.DEV_SMTP_PORT ?? 2525);
const HTTP_PORT = Number(process.env.DEV_MAIL_PORT ?? 3002);
/** The newest first; the oldest dropped past this many, so a long session does not grow without end. */
const KEEP = 500;

/** @type {{ id: number, receivedAt: Date, parsed: import('mailparser').ParsedMail }[]} */
const messages = [];
let nextId = 1;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  size: 25 * 1024 * 1024,
  onAuth: (_auth, _session, callback) => callback(null, { user: 'dev' }),
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        messages.unshift({ id: nextId++, receivedAt: new Date(), parsed });
        messages.splice(KEEP);
        callback();
      })
      .catch(callback);
  },
});
smtp.listen(SMTP_PORT, '127.0.0.1');

const escape = (value) => String(value ?? '').replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const addressOf = (field) => (field && !Array.isArray(field) ? field.text : '');
const page = (title, body) =>
  `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title>` +
  '<style>body{font-family:sans-serif;margin:0;padding:16px;max-width:960px;margin-inline:auto;line-height:1.6}a{color:#0b5cad}' +
  'table{width:100%;border-collapse:collapse}td,th{padding:8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}' +
  'iframe{width:100%;height:70vh;border:1px solid #ddd}pre{white-space:pre-wrap;background:#f6f8fa;padding:12px}</style></head>' +
  `<body><header><p><a href="/">開発用メールボックス</a>（このマシンの外には送られません）</p></header><main>${body}</main></body></html>`;

function inbox() {
  if (messages.length === 0) return page('開発用メールボックス', '<h1>受信したメール</h1><p>まだメールはありません。</p>');
  const rows = messages
    .map(({ id, receivedAt, parsed }) => `<tr><td><a href="/messages/${id}">${escape(parsed.subject || '（件名なし）')}</a></td><td>${escape(addressOf(parsed.to))}</td><td>${escape(receivedAt.toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' }))}</td></tr>`)
    .join('');
  return page('開発用メールボックス', `<h1>受信したメール</h1><table aria-label="受信したメール"><thead><tr><th>件名</th><th>宛先</th><th>受信日時</th></tr></thead><tbody>${rows}</tbody></table>`);
}

function message({ id, parsed }) {
  const headers = parsed.headerLines.filter((line) => /^(from|to|subject|date|message-id|list-unsubscribe|list-unsubscribe-post)$/.test(line.key)).map((line) => escape(line.line)).join('\n');
  const attachments = parsed.attachments.map((file, index) => `<li><a href="/messages/${id}/attachments/${index}">${escape(file.filename ?? `添付 ${index + 1}`)}</a>（${escape(file.contentType)}、${file.size} バイト）</li>`).join('');
  return page(
    parsed.subject ?? 'メール',
    `<h1>${escape(parsed.subject ?? '（件名なし）')}</h1><pre aria-label="ヘッダー">${headers}</pre>` +
      (attachments ? `<h2>添付ファイル</h2><ul>${attachments}</ul>` : '') +
      (parsed.html ? `<h2>HTML</h2><iframe title="メール本文（HTML）" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" src="/messages/${id}/html"></iframe>` : '') +
      `<h2>テキスト</h2><pre aria-label="メール本文（テキスト）">${escape(parsed.text ?? '')}</pre>`,
  );
}

createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const send = (status, type, body) => {
    response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    response.end(body);
  };
  if (url.pathname === '/') return send(200, 'text/html; charset=utf-8', inbox());
  if (url.pathname === '/messages.json') {
    return send(200, 'application/json', JSON.stringify(messages.map(({ id, receivedAt, parsed }) => ({ id, receivedAt, subject: parsed.subject, to: addressOf(parsed.to), text: parsed.text, html: parsed.html || null }))));
  }
  const match = /^\/messages\/(\d+)(\/html|\/attachments\/(\d+))?$/.exec(url.pathname);
  const found = match && messages.find((entry) => entry.id === Number(match[1]));
  if (!found) return send(404, 'text/html; charset=utf-8', page('見つかりません', '<h1>メールが見つかりません</h1>'));
  // The mail's own HTML, sandboxed: its links open the campus, its scripts (there are none) would not run.
  if (match[2] === '/html') return send(200, 'text/html; charset=utf-8', `<base target="_top">${found.parsed.html || ''}`);
  if (match[3] !== undefined) {
    const file = found.parsed.attachments[Number(match[3])];
    if (!file) return send(404, 'text/plain; charset=utf-8', 'not found');
    return send(200, file.contentType, file.content);
  }
  return send(200, 'text/html; charset=utf-8', message(found));
}).listen(HTTP_PORT, '127.0.0.1');
