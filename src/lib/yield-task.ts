// Lets the browser paint and answer input before the rest of a long piece of work (the app's start):
// the rest runs in a task of its own. A message, not setTimeout: nested timers wait at least 4 ms each.
// No imports: src/boot.ts, a page's first script, uses it too.
export function yieldTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
