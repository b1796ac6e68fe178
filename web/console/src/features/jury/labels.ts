/** How the jury room names boats and races: "GBR 101 Alpha", "Race 2 (ILCA 7)". */
import type { TFunction } from 'i18next';
import type { BoatRef, JuryContext, RaceRef } from './api';

export function boatLabel(boat: BoatRef | undefined, id: string): string {
  if (!boat) return id;
  return boat.sailNumber ? `${boat.sailNumber} ${boat.name}` : boat.name;
}

export function raceLabel(t: TFunction, race: RaceRef | undefined, id: string): string {
  if (!race) return id;
  return t('jury:race', { number: race.label.raceNumber, fleet: race.label.fleet });
}

export function namer(t: TFunction, context: JuryContext) {
  const boats = new Map(context.boats.map((boat) => [boat.id, boat]));
  const races = new Map(context.races.map((race) => [race.id, race]));
  return {
    boat: (id: string) => boatLabel(boats.get(id), id),
    race: (id: string) => raceLabel(t, races.get(id), id),
  };
}
export type Namer = ReturnType<typeof namer>;
