import type { Client, ClientConfig } from 'pg';
import { backoffDelay } from '../contracts/backoff.mjs';

const RETRY_BACKOFF = { firstMs: 250, maxMs: 10_000 };

export interface ListenerEvents {
  onNotify(): void;
  /** A connection was lost or could not be made; the listener retries by itself. */
  onLost?(error: Error, retryInMs: number): void;
}

/**
 * A dedicated connection that LISTENs on one channel and survives the server going away: on any
 * error or end it reconnects with exponential backoff (0.25 s doubling to 10 s) and LISTENs again.
 * Notifications sent while it was away are lost, so each (re)connection also calls `onNotify` once
 * and the listener catches up by reading the table rather than trusting the notifications.
 */
export class ReconnectingListener {
  private client?: Client;
  private timer?: NodeJS.Timeout;
  private failures = 0;
  private stopped = false;

  constructor(
    private readonly createClient: (config: ClientConfig) => Client,
    private readonly config: ClientConfig,
    private readonly channel: string,
    private readonly events: ListenerEvents,
  ) {}

  /** Resolves after the first attempt, connected or not: the retries carry on in the background. */
  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = this.createClient(this.config);
    let lost = false;
    const onLost = (error: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = undefined;
      client.removeAllListeners('notification');
      // The dead client may still report errors; it keeps a handler so none of them is unhandled.
      void client.end().catch(() => undefined);
      this.retryLater(error);
    };
    client.on('error', onLost);
    client.on('end', () => onLost(new Error('LISTEN connection ended')));
    client.on('notification', (message) => message.channel === this.channel && this.events.onNotify());
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (this.stopped || lost) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.failures = 0;
    this.events.onNotify();
  }

  private retryLater(error: Error) {
    if (this.stopped) return;
    this.failures += 1;
    const delay = backoffDelay(this.failures, RETRY_BACKOFF);
    this.events.onLost?.(error, delay);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.connect(), delay);
    this.timer.unref();
  }
}
