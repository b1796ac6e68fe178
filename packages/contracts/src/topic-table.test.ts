/**
 * The Kafka topic table is written once, in docs/messages.md ("Topics and fact types"); this test
 * reads it and holds it to the contracts package: every fact type listed exactly once, on the topic
 * FACT_TOPIC names, with the payload case FACT_PAYLOAD_CASE names; one owner per topic; every topic
 * of TOPICS (and of scripts/infra/topics.json) in the table; the webhook remarks true to
 * WEBHOOK_EVENT_TYPES.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { FACT_PAYLOAD_CASE, FACT_TOPIC, TOPICS, WEBHOOK_EVENT_TYPES } from './index.js';

const root = new URL('../../../', import.meta.url);

interface Row {
  topic: string;
  owner: string;
  type: string;
  payloadCase: string;
  remark: string;
}

/** The rows of the topic table; a row with empty topic and owner cells continues the one above. */
export function topicTable(markdown: string): Row[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Topics and fact types'));
  if (!section) throw new Error('docs/messages.md has no "Topics and fact types" section');
  const rows: Row[] = [];
  let topic = '';
  let owner = '';
  for (const line of section.split('\n')) {
    if (!line.startsWith('| ') || line.startsWith('| topic') || line.startsWith('|---')) continue;
    const cells = line.replace(/^\|/, '').replace(/\|\s*$/, '').split('|').map((cell) => cell.trim());
    const unquote = (cell: string) => cell.replace(/^`|`$/g, '');
    if (cells[0]) topic = unquote(cells[0]);
    if (cells[1]) owner = cells[1];
    const [payloadCase = '', ...remark] = (cells[3] ?? '').split(' / ');
    rows.push({ topic, owner, type: unquote(cells[2] ?? ''), payloadCase: unquote(payloadCase), remark: remark.join(' / ') });
  }
  return rows;
}

const rows = topicTable(readFileSync(new URL('docs/messages.md', root), 'utf8'));

test('every fact type of the contracts is in the table once, on its topic, with its payload case', () => {
  assert.ok(rows.length > 0, 'the table has rows');
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.type)) problems.push(`${row.type}: listed twice`);
    seen.add(row.type);
    const topic = (FACT_TOPIC as Record<string, string>)[row.type];
    if (!topic) {
      problems.push(`${row.type}: not a fact type of the contracts package`);
      continue;
    }
    if (topic !== row.topic) problems.push(`${row.type}: on ${topic}, the table says ${row.topic}`);
    const payloadCase = (FACT_PAYLOAD_CASE as Record<string, string>)[row.type];
    if (payloadCase !== row.payloadCase) problems.push(`${row.type}: payload case ${payloadCase}, the table says ${row.payloadCase}`);
  }
  for (const type of Object.keys(FACT_TOPIC)) if (!seen.has(type)) problems.push(`${type}: missing from the table`);
  assert.deepEqual(problems, []);
});

test('every topic has one owner, and the table, TOPICS and scripts/infra/topics.json name the same topics', () => {
  const owners = new Map<string, Set<string>>();
  for (const row of rows) owners.set(row.topic, (owners.get(row.topic) ?? new Set()).add(row.owner));
  assert.deepEqual([...owners].filter(([, names]) => names.size !== 1).map(([topic]) => topic), []);
  const infra = JSON.parse(readFileSync(new URL('scripts/infra/topics.json', root), 'utf8')) as { topics: string[] };
  assert.deepEqual([...owners.keys()].sort(), Object.values(TOPICS).sort());
  assert.deepEqual([...infra.topics].sort(), Object.values(TOPICS).sort());
});

test('the remarks "webhook event" and "not a webhook event" say what WEBHOOK_EVENT_TYPES says', () => {
  const webhook = new Set<string>(WEBHOOK_EVENT_TYPES);
  const problems = rows.flatMap((row) => {
    if (/not a webhook event/.test(row.remark)) return webhook.has(row.type) ? [`${row.type}: is a webhook event`] : [];
    if (/webhook event/.test(row.remark)) return webhook.has(row.type) ? [] : [`${row.type}: is not a webhook event`];
    return [];
  });
  assert.deepEqual(problems, []);
});

test('the reader takes continuation rows and cells with slashes', () => {
  const markdown = [
    '## Topics and fact types',
    '| topic | owner | `type` | payload case / message | key |',
    '|---|---|---|---|---|',
    '| `a.v1` | one | `x.made` | `xMade` / `XMade` (a / b) | event id |',
    '| | | `x.gone` | `xGone` / `XGone` | event id |',
    '## Next',
    '| `b.v1` | two | `y` | `y` / `Y` | id |',
  ].join('\n');
  assert.deepEqual(topicTable(markdown), [
    { topic: 'a.v1', owner: 'one', type: 'x.made', payloadCase: 'xMade', remark: '`XMade` (a / b)' },
    { topic: 'a.v1', owner: 'one', type: 'x.gone', payloadCase: 'xGone', remark: '`XGone`' },
  ]);
});
