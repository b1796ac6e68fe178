/**
 * The public contract as one OpenAPI 3.1 document. It is kept as several YAML files under spec/
 * (base.yaml plus one file per resource or area — a resource's operations, the webhooks of its
 * changes and their schemas together — so areas can change without stepping on each other) and merged
 * here: `paths`, `webhooks` and `components.*` maps are unioned; a name defined twice is an error.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const specDir = fileURLToPath(new URL('../spec', import.meta.url));

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mergeInto(target: Json, source: Json, path: string): void {
  for (const [key, value] of Object.entries(source)) {
    const here = `${path}.${key}`;
    const existing = target[key];
    if (existing === undefined) target[key] = value;
    else if (isObject(existing) && isObject(value) && MERGEABLE.test(here)) mergeInto(existing, value, here);
    else throw new Error(`OpenAPI fragments define ${here} twice`);
  }
}

// Only these containers are unioned; anything deeper defined twice is a conflict.
const MERGEABLE = /^\$(\.paths|\.webhooks|\.components|\.components\.[A-Za-z]+|\.paths\.[^.]+|\.tags)?$/;

let cached: Json | undefined;

export function loadOpenApiDocument(dir: string = specDir): Json {
  if (cached && dir === specDir) return cached;
  const files = readdirSync(dir).filter((name) => name.endsWith('.yaml')).sort((a, b) => (a === 'base.yaml' ? -1 : b === 'base.yaml' ? 1 : a.localeCompare(b)));
  const document: Json = {};
  for (const file of files) {
    const fragment = parse(readFileSync(join(dir, file), 'utf8')) as unknown;
    if (!isObject(fragment)) throw new Error(`${file} is not a YAML mapping`);
    const { tags, ...rest } = fragment;
    mergeInto(document, rest, '$');
    if (Array.isArray(tags)) document['tags'] = [...((document['tags'] as unknown[]) ?? []), ...tags];
  }
  if (dir === specDir) cached = document;
  return document;
}
