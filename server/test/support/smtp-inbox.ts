import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for a test (smtp-server, parsed by mailparser: someone else's reading of what the worker
 * wrote). `refuse` names recipients it answers 550 to; `stop`/`start` take it away and bring it back on the same port.
 */
export async function startSmtpInbox(options: { refuse?: string[]; port?: number } = {}) {
  const messages: ParsedMail[] = [];
  let server: SMTPServer | undefined;
  let port = options.port ?? 0;

  const start = () =>
    new Promise<void>((resolve, reject) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onRcptTo(address, _session, callback) {
          if (options.refuse?.includes(address.address)) return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
          callback();
        },
        onData(stream, _session, callback) {
          simpleParser(stream)
            .then((parsed) => {
              messages.push(parsed);
              callback();
            })
            .catch(callback);
        },
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.server.address() as AddressInfo).port;
        resolve();
      });
    });
  await start();

  return {
    messages,
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    /** Mails to this address, in arrival order. */
    to: (address: string) => messages.filter((message) => message.to && !Array.isArray(message.to) && message.to.value.some((entry) => entry.address === address)),
    stop: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
    start,
  };
}
