import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FLEET_FIELD_COLUMNS } from '../domain/fleet-fields.js';
import { amendDocumentBody, updateFleetBody, updateRaceBody } from './changes.schemas.js';
import { createFleetBody } from './events.schemas.js';

describe('PATCH bodies are the creation schemas made partial', () => {
  it('every fleet creation field (set-up options included) is accepted by PATCH and has its column', () => {
    for (const field of Object.keys(createFleetBody.shape)) {
      assert.ok(field in updateFleetBody.shape, `${field} missing from updateFleetBody`);
      assert.ok(field in FLEET_FIELD_COLUMNS, `${field} has no line in FLEET_FIELD_COLUMNS (domain/fleet-fields.ts)`);
    }
  });
  it('a field not sent takes no creation default', () => {
    assert.deepEqual(updateFleetBody.parse({ dropRaces: 2 }), { dropRaces: 2 });
    assert.deepEqual(updateFleetBody.parse({}), {});
    assert.deepEqual(updateRaceBody.parse({ notes: 'AP' }), { notes: 'AP' });
  });
  it('unknown fields are refused, values validated as at creation', () => {
    assert.equal(updateFleetBody.safeParse({ colour: 'red' }).success, false);
    assert.equal(updateFleetBody.safeParse({ dropRaces: -1 }).success, false);
    assert.equal(updateRaceBody.safeParse({ fleetId: 'x' }).success, false);
    assert.equal(updateRaceBody.safeParse({ status: 'finished' }).success, false);
    assert.equal(updateRaceBody.safeParse({ status: 'postponed' }).success, true);
  });
  it('an amendment may send only a note and a body', () => {
    assert.deepEqual(amendDocumentBody.parse({ body: 'new text', note: 'Amendment 1' }), { body: 'new text', note: 'Amendment 1' });
  });
});
