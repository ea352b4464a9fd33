// What the benchmarks that run their server in a child process share: one request and its answer
// over the IPC channel.
import type { ChildProcess } from 'node:child_process';

/** Sends `cmd` (if any) and resolves with the child's next message of kind `op`. */
export function request<T extends { op: string }>(child: ChildProcess, cmd: unknown, op: T['op']): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: T) => {
      if (m.op !== op) return;
      child.off('message', on);
      resolve(m);
    };
    child.on('message', on);
    if (cmd) child.send(cmd as never);
  });
}
