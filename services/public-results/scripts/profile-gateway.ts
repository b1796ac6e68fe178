/**
 * CPU profile of the gateway (and public-results) serving the warm public standings page:
 * node --cpu-prof on both processes while autocannon runs, then the top self-time frames by package.
 * npm run profile:public (writes .local/profiles/*.cpuprofile; loopback only, bounded).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ApiClient, deleteTopics, eventually, infraFromEnv, repoRoot, startStack } from '@regatta/testing';
import { buildRegatta } from '../test/regatta.js';

const dir = join(repoRoot, '.local/profiles');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const stack = await startStack({ slot: 6, env: { PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'warn' } });
try {
  const api = new ApiClient(stack.gatewayUrl);
  const regatta = await buildRegatta(api, { places: 30, boats: 30, races: 3 });
  for (let race = 1; race <= 3; race += 1) await regatta.submit(race, Array.from({ length: 30 }, (_, i) => [((i + race * 7) % 30) + 1, 1800 + i * 7]));
  const path = `/regattas/${regatta.slug}/standings`;
  await eventually(async () => ((await fetch(stack.gatewayUrl + path + '.json')).status === 200 ? true : undefined), 20_000, 'page');
  for (const name of ['gateway', 'public-results'] as const) {
    await stack.kill(name, 'SIGTERM');
    await stack.start(name, {}, ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${name}.cpuprofile`]);
  }
  await autocannon({ url: stack.gatewayUrl + path, connections: 16, duration: 2 });
  const result = await autocannon({ url: stack.gatewayUrl + path, connections: 16, duration: 8 });
  process.stdout.write(`${result.requests.average.toFixed(0)} req/s through the gateway while profiling\n`);
} finally {
  await stack.stop();
  await deleteTopics(infraFromEnv().kafkaBrokers, stack.topicPrefix);
}

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
  const byId = new Map(profile.nodes.map((n) => [n.id, n] as const));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self.entries()].filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)').reduce((a, [, t]) => a + t, 0);
  const byPackage = new Map<string, number>();
  for (const [id, time] of self) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') continue;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(frame.url)?.[1] ?? (frame.url.includes('/packages/') || frame.url.includes('/gateway/') || frame.url.includes('/services/') ? 'regatta code' : frame.url.startsWith('node:') ? frame.url : frame.functionName || '(native)');
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + time);
  }
  const busy = total - idle;
  process.stdout.write(`\n${file}: busy ${(busy / 1e6).toFixed(1)} s of ${(total / 1e6).toFixed(1)} s; self time by package:\n`);
  for (const [pkg, time] of [...byPackage.entries()].sort((a, b) => b[1] - a[1]).slice(0, 14)) process.stdout.write(`  ${((100 * time) / busy).toFixed(1).padStart(5)} %  ${pkg}\n`);
}
