// Preloaded into the processes of a chaos run or fault test (NODE_OPTIONS=--import=<this file>):
// records how each process ended (exit code, uptime) in CHAOS_EXIT_DIR/<pid>.json, since the stack
// helper that spawned it does not report exit codes. A SIGKILLed process writes nothing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.CHAOS_EXIT_DIR;
if (dir) {
  process.on('exit', (code) => {
    try {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${process.pid}.json`), JSON.stringify({ pid: process.pid, code, at: Date.now(), uptimeMs: Math.round(process.uptime() * 1000) }));
    } catch {
      // best effort
    }
  });
}
