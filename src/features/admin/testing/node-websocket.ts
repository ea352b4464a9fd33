// jsdom's WebSocket wraps undici's, which in a jsdom test environment dispatches jsdom Events on a
// Node EventTarget and throws on open. The app's client reads the global WebSocket when it connects,
// so tests that use Realtime give it Node's `ws` before anything connects.
import WebSocket from 'ws';

globalThis.WebSocket = WebSocket as unknown as typeof globalThis.WebSocket;
