// A vitest reporter that ends every run with its slowest files and each project's total, so the
// suite's budget (12 minutes on two cores) is watched where it is spent. Added beside the default
// reporter in vitest.config.ts.
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 12;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const files = modules
      .map((m) => ({ project: m.project.name, file: relative(process.cwd(), m.moduleId), ms: m.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms);
    if (files.length < 2) return;
    const projects = new Map<string, { ms: number; n: number }>();
    for (const f of files) {
      const p = projects.get(f.project) ?? { ms: 0, n: 0 };
      projects.set(f.project, { ms: p.ms + f.ms, n: p.n + 1 });
    }
    const lines = [
      '',
      ` Slowest files (time in the file, of ${files.length}):`,
      ...files.slice(0, SHOWN).map((f) => `   ${seconds(f.ms).padStart(8)}  ${f.project.padEnd(6)} ${f.file}`),
      ` Per project: ${[...projects].map(([name, p]) => `${name} ${seconds(p.ms)} in ${p.n} files`).join(', ')}`,
    ];
    console.log(lines.join('\n'));
  }
}
