import WebSocket from 'ws';

export interface ReceivedMessage {
  type: string;
  data: unknown;
}

/** A /ws client that collects what it receives, for asserting on events. */
export class TestSocket {
  readonly messages: ReceivedMessage[] = [];
  closeCode: number | undefined;
  private readonly socket: WebSocket;
  private readonly opened: Promise<void>;
  private readonly closed: Promise<number>;

  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
    this.closed = new Promise((resolve) =>
      this.socket.once('close', (code) => {
        this.closeCode = code;
        resolve(code);
      }),
    );
    this.socket.on('message', (raw) => this.messages.push(JSON.parse(String(raw)) as ReceivedMessage));
  }

  async send(message: unknown): Promise<void> {
    await this.opened;
    this.socket.send(JSON.stringify(message));
  }

  /** Resolves with the first message of `type` (already received or arriving within the time). */
  async next(type: string, timeoutMs = 60_000): Promise<ReceivedMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find((message) => message.type === type);
      if (found) return found;
      if (Date.now() > deadline) {
        throw new Error(
          `No "${type}" message; got ${JSON.stringify(this.messages)}, close ${this.closeCode}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  waitClosed(): Promise<number> {
    return this.closed;
  }

  close(): void {
    this.socket.close();
  }
}
