// Local mail: nothing leaves the machine. Each message is printed to the console and kept here, for
// a person to read at /mail and for tests to read as JSON at /mail/api/messages.
import { randomUUID } from 'node:crypto';

export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The first link in the message (a confirmation or recovery link), for tests and the inbox. */
  link?: string;
  sentAt: string;
}

export class Mailbox {
  private readonly messages: MailMessage[] = [];
  constructor(
    private readonly print: (line: string) => void = (line) => console.log(line),
    private readonly capacity = 500,
  ) {}

  send(message: Omit<MailMessage, 'id' | 'sentAt'>): MailMessage {
    const stored: MailMessage = { ...message, id: randomUUID(), sentAt: new Date().toISOString() };
    this.messages.unshift(stored);
    if (this.messages.length > this.capacity) this.messages.pop();
    this.print(`[mail] to ${stored.to}: ${stored.subject}${stored.link ? `\n[mail]   ${stored.link}` : ''}`);
    return stored;
  }

  /** Newest first; optionally only those to one address (case-insensitive). */
  list(to?: string): MailMessage[] {
    if (!to) return [...this.messages];
    const wanted = to.toLowerCase();
    return this.messages.filter((m) => m.to.toLowerCase() === wanted);
  }

  get(id: string): MailMessage | undefined {
    return this.messages.find((m) => m.id === id);
  }

  clear(): void {
    this.messages.length = 0;
  }
}
