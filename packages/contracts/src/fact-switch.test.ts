/**
 * One exhaustive switch per consumer: `factPayloadOn` narrows a fact to the cases of the consumer's
 * topics, and `unhandledFact` in the `default` makes a case nobody handles a type error. The type
 * check is run here on two small consumers: one naming every identity.v1 case compiles, one that
 * forgets membership.revoked does not (the same error an added fact type causes in every consumer
 * of its topic).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { TOPICS, factPayloadOn, newFact, unhandledFact } from './index.js';

const here = fileURLToPath(new URL('.', import.meta.url));

const consumer = (cases: string[]) => `
import { TOPICS, factPayloadOn, unhandledFact, type Fact } from '../index.js';
export function decode(fact: Fact): string {
  const payload = factPayloadOn(fact, [TOPICS.identity]);
  switch (payload.case) {
${cases.map((name) => `    case '${name}':\n      return payload.value.userId;`).join('\n')}
    case undefined:
      return '';
    default:
      return unhandledFact(payload);
  }
}
`;

function typeErrors(source: string): string[] {
  // Inside the package, so the import resolves as a consumer's would.
  const dir = mkdtempSync(join(here, '.fact-switch-'));
  try {
    const file = join(dir, 'consumer.ts');
    writeFileSync(file, source);
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      customConditions: ['@regatta/source'],
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: ['node'],
    };
    const program = ts.createProgram([file], options);
    return ts
      .getPreEmitDiagnostics(program)
      .filter((diagnostic) => diagnostic.file?.fileName === file)
      .map((diagnostic) => `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a consumer naming every case of its topics type-checks; one missing a case does not', () => {
  assert.deepEqual(typeErrors(consumer(['userRegistered', 'membershipGranted', 'membershipRevoked'])), []);
  const errors = typeErrors(consumer(['userRegistered', 'membershipGranted']));
  assert.equal(errors.length, 1, errors.join('\n'));
  assert.match(errors[0]!, /^TS2345: Argument of type '\{ value: MembershipRevoked; case: "membershipRevoked"; \}' is not assignable to parameter of type 'never'/);
});

test('factPayloadOn: the payload of a fact on the given topics, an unknown fact otherwise', () => {
  const granted = newFact('membership.granted', 'membershipGranted', { organizationId: 'o-1', userId: 'u-1', role: 'admin' }, { producer: 'identity' });
  const onIdentity = factPayloadOn(granted, [TOPICS.identity]);
  assert.equal(onIdentity.case, 'membershipGranted');
  assert.equal(onIdentity.case === 'membershipGranted' ? onIdentity.value.userId : undefined, 'u-1');
  assert.equal(factPayloadOn(granted, [TOPICS.events, TOPICS.results]).case, undefined, 'a payload of another topic');
  const unknown = { ...granted, type: 'membership.suspended', payload: { case: undefined } } as unknown as typeof granted;
  assert.equal(factPayloadOn(unknown, [TOPICS.identity]).case, undefined, 'a fact type newer than this build');
});

test('unhandledFact throws if a switch ever reaches it at run time', () => {
  assert.throws(() => unhandledFact({ case: 'membershipGranted' } as never), /no branch for fact payload membershipGranted/);
});
