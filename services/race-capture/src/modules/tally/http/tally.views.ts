/** Output of the safety tally: a boat's state with her persons; contacts only for members and her entrant. */
import type { Movement, TallyPolicy } from '../domain/tally.js';
import type { TallyBoard } from '../app/read-tally.js';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function movementView(movement: Movement) {
  return {
    id: movement.id,
    registrationId: movement.registrationId,
    day: movement.day,
    kind: movement.kind,
    personsOnBoard: movement.personsOnBoard,
    persons: movement.persons,
    at: movement.at.toISOString(),
    receivedAt: movement.receivedAt.toISOString(),
    recordedBy: { kind: movement.recorder.kind, label: movement.recorder.label },
  };
}

export const policyView = (policy: TallyPolicy & { updatedAt?: Date | null }) => ({
  signInDeadline: policy.signInDeadline,
  missedSignOut: policy.missedSignOut,
  missedSignIn: policy.missedSignIn,
  penaltyPoints: policy.penaltyPoints,
});

/** `contacts`: the emergency contact shows to the organizer's members and the boat's entrant, never to a device. */
export function boardView(board: TallyBoard, options: { contacts: boolean }) {
  return {
    day: board.day,
    deadline: iso(board.deadline),
    deadlinePassed: board.deadlinePassed,
    closedAt: iso(board.closedAt),
    closedAutomatically: board.closedAutomatically,
    policy: policyView(board.policy),
    summary: board.summary,
    boats: board.boats.map((tally) => ({
      registrationId: tally.boat.registrationId,
      sailNumber: tally.boat.sailNumber,
      boatName: tally.boat.boatName,
      fleetId: tally.boat.fleetId,
      fleetName: board.fleetNames.get(tally.boat.fleetId) ?? null,
      sailorName: tally.boat.sailorName,
      state: tally.state,
      personsOnBoard: tally.personsOnBoard,
      persons: tally.persons,
      signedOutAt: iso(tally.signedOutAt),
      signedInAt: iso(tally.signedInAt),
      flagged: tally.flagged,
      emergencyContact: options.contacts ? tally.boat.emergencyContact : null,
    })),
  };
}
