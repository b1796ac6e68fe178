/**
 * What the gateway benchmarks measure with: CPU seconds of a process from /proc (utime + stime), the
 * process listening on a port, and wrk runs (one thread, 16 keep-alive connections, 8 s after a 2 s
 * warm-up) summed into one measure per side.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

/** CPU seconds (user + system) a process has used so far. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces) start at field 3; utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** The process listening on a loopback TCP port (via /proc/net/tcp and every process's open sockets). */
export function pidListeningOn(port: number): number | undefined {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      if (columns.length < 10 || columns[3] !== '0A') continue;
      if (parseInt(columns[1]!.split(':')[1]!, 16) === port) inodes.add(columns[9]!);
    }
  }
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${entry}/fd/${fd}`));
        if (match && inodes.has(match[1]!)) return Number(entry);
      } catch {
        // the fd closed meanwhile
      }
    }
  }
  return undefined;
}


/** Sums of one target's timed runs. */
export interface Measured {
  requests: number;
  seconds: number;
  non2xx: number;
  errors: number;
  p50: number[];
  p99: number[];
  /** CPU seconds used per watched process. */
  cpuSeconds: Record<string, number | undefined>;
}

export const emptyMeasure = (): Measured => ({ requests: 0, seconds: 0, non2xx: 0, errors: 0, p50: [], p99: [], cpuSeconds: {} });
export const perSecond = (m: Measured) => (m.seconds > 0 ? m.requests / m.seconds : 0);
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;
/** µs of CPU per request served. */
export const cpuPerRequest = (m: Measured, name: string) => {
  const used = m.cpuSeconds[name];
  return used === undefined || m.requests === 0 ? undefined : (used / m.requests) * 1e6;
};


export const WRK = process.env['WRK_PATH'] ?? 'wrk';
export const WRK_SECONDS = 8;
export const WRK_WARMUP_SECONDS = 2;
export const WRK_CONNECTIONS = 16;
export const wrkAvailable = (() => {
  try {
    execFileSync(WRK, ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version exits 1 after printing its version.
    return (error as { status?: number }).status === 1;
  }
})();

/** A wrk latency figure ("812.00us", "1.20ms", "1.01s") in ms. */
export function wrkMs(text: string | undefined): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text ?? '');
  if (!match) return 0;
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 'ms' ? value : match[2] === 's' ? value * 1000 : value * 60_000;
}

export function wrk(url: string, headers: Record<string, string>, seconds: number): string {
  const args = ['-t1', `-c${WRK_CONNECTIONS}`, `-d${seconds}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  return execFileSync(WRK, [...args, url], { encoding: 'utf8' });
}

/** One wrk run (after its warm-up) into `into`, CPU of the watched processes read around it. */
export function runWrk(into: Measured, url: string, headers: Record<string, string>, watched: Record<string, number | undefined>): void {
  wrk(url, headers, WRK_WARMUP_SECONDS);
  const before = Object.fromEntries(Object.entries(watched).map(([name, pid]) => [name, pid ? cpuSeconds(pid) : undefined]));
  const output = wrk(url, headers, WRK_SECONDS);
  for (const [name, pid] of Object.entries(watched)) {
    const start = before[name];
    if (pid && start !== undefined) into.cpuSeconds[name] = (into.cpuSeconds[name] ?? 0) + (cpuSeconds(pid) - start);
  }
  const total = /(\d+) requests in ([\d.]+)(ms|s|m)/.exec(output);
  if (!total) throw new Error(`unexpected wrk output:\n${output}`);
  into.requests += Number(total[1]);
  into.seconds += wrkMs(`${total[2]}${total[3]}`) / 1000;
  into.non2xx += Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  into.errors += socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  into.p50.push(wrkMs(/^\s+50%\s+(\S+)/m.exec(output)?.[1]));
  into.p99.push(wrkMs(/^\s+99%\s+(\S+)/m.exec(output)?.[1]));
}
