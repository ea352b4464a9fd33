// Stands in for @supabase/realtime-js where supabase-js imports it (vite.config.ts). supabase-js
// builds its Realtime client as soon as the app creates its one Supabase client, so the real one
// (with Phoenix's socket) would be in every screen's first download; this one fetches it the first
// time a screen opens a channel (or asks to connect), and hands everything over to it from then on.
// A channel opened before it has arrived records what is asked of it (`on`, `subscribe`) and plays
// it back on the real channel. Only RealtimeClient is replaced: the app imports nothing else of
// realtime-js from supabase-js but types (a value it imported would fail the build, not the page).
import type {
  RealtimeChannel,
  RealtimeChannelOptions,
  RealtimeClient as Client,
  RealtimeClientOptions,
} from '@supabase/realtime-js';

type Status = Awaited<ReturnType<RealtimeChannel['unsubscribe']>>;
type Call = (channel: RealtimeChannel) => unknown;

/** A channel opened before realtime-js has arrived. */
class PendingChannel {
  readonly topic: string;
  real?: RealtimeChannel;
  private calls: Call[] = [];

  constructor(
    readonly subTopic: string,
    readonly params: RealtimeChannelOptions | undefined,
    /** Takes it out of the client's list: a real channel leaves its socket's when it closes. */
    private readonly closed: (channel: PendingChannel) => void,
  ) {
    this.topic = `realtime:${subTopic}`;
  }

  attach(real: RealtimeChannel) {
    this.real = real;
    for (const call of this.calls.splice(0)) call(real);
  }

  private call(call: Call): this {
    if (this.real) call(this.real);
    else this.calls.push(call);
    return this;
  }

  on(...args: unknown[]): this {
    return this.call((c) => (c.on as (...a: unknown[]) => unknown)(...args));
  }

  subscribe(...args: Parameters<RealtimeChannel['subscribe']>): this {
    return this.call((c) => c.subscribe(...args));
  }

  send(...args: Parameters<RealtimeChannel['send']>) {
    return this.real ? this.real.send(...args) : Promise.resolve('error' as const);
  }

  unsubscribe(timeout?: number): Promise<Status> {
    if (this.real) return this.real.unsubscribe(timeout);
    this.calls = [];
    this.closed(this);
    return Promise.resolve('ok');
  }
}

export class RealtimeClient {
  private client?: Client;
  private loading?: Promise<Client>;
  private pending: PendingChannel[] = [];
  /** The last setAuth before the real client existed, played back to it. */
  private auth?: { token: string | null };

  constructor(
    private readonly endPoint: string,
    private readonly options: RealtimeClientOptions,
  ) {
    if (!options?.params?.apikey) throw new Error('API key is required to connect to Realtime');
  }

  private load(): Promise<Client> {
    this.loading ??= import('@supabase/realtime-js').then(({ RealtimeClient: Real }) => {
      const client = new Real(this.endPoint, this.options);
      this.client = client;
      if (this.auth) void client.setAuth(this.auth.token);
      for (const channel of this.pending.splice(0)) channel.attach(client.channel(channel.subTopic, channel.params));
      return client;
    });
    return this.loading;
  }

  /** A pending channel stands in for a RealtimeChannel: typed as one, as supabase-js declares it. */
  channel(topic: string, params?: RealtimeChannelOptions): RealtimeChannel {
    if (this.client) return this.client.channel(topic, params);
    let channel = this.pending.find((c) => c.subTopic === topic);
    if (!channel) this.pending.push((channel = new PendingChannel(topic, params, (c) => this.forget(c))));
    void this.load();
    return channel as unknown as RealtimeChannel;
  }

  getChannels(): RealtimeChannel[] {
    return this.client ? this.client.getChannels() : ([...this.pending] as unknown as RealtimeChannel[]);
  }

  removeChannel(channel: RealtimeChannel): Promise<Status> {
    const given = channel as RealtimeChannel | PendingChannel;
    const real = given instanceof PendingChannel ? given.real : given;
    if (real && this.client) return this.client.removeChannel(real);
    return given.unsubscribe();
  }

  private forget(channel: PendingChannel) {
    this.pending = this.pending.filter((c) => c !== channel);
  }

  removeAllChannels(): Promise<Status[]> {
    if (this.client) return this.client.removeAllChannels();
    const statuses = this.pending.map(() => 'ok' as const);
    this.pending = [];
    return Promise.resolve(statuses);
  }

  setAuth(token: string | null = null): Promise<void> {
    if (this.client) return this.client.setAuth(token);
    this.auth = { token };
    return Promise.resolve();
  }

  connect(): void {
    void this.load().then((client) => client.connect());
  }

  disconnect(code?: number, reason?: string): Promise<unknown> {
    return this.client ? this.client.disconnect(code, reason) : Promise.resolve();
  }

  isConnected(): boolean {
    return this.client?.isConnected() ?? false;
  }

  connectionState() {
    return this.client ? this.client.connectionState() : 'closed';
  }
}
