/**
 * The public read model's shapes: the public subset of each snapshot, as stored (jsonb) and as the
 * JSON twins of the pages answer. No contact details, user ids, payments or emergency contacts.
 */
export interface PublicOrganization {
  id: string;
  slug: string;
  name: string;
  type: string;
  description: string | null;
  city: string | null;
  country: string | null;
  website: string | null;
}

export interface PublicEvent {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  venue: string | null;
  address: string | null;
  startDate: string | null;
  endDate: string | null;
  registrationOpen: string | null;
  registrationClose: string | null;
  status: string;
  organization: { id: string; slug: string; name: string } | null;
  maxParticipants: number | null;
  noticeOfRace: string | null;
  sailingInstructions: string | null;
}

export interface PublicFleet {
  id: string;
  name: string;
  description: string | null;
  scoringSystem: string;
  dropRaces: number;
  handicapSystem: string;
  discardThresholds: number[];
  /** The fleet's limit of boats (null: none); absent for a fleet projected before the read model kept it. */
  maxBoats?: number | null;
}

export interface PublicRace {
  id: string;
  fleetId: string;
  name: string;
  raceNumber: number;
  scheduledStart: string | null;
  status: string;
  actualStart: string | null;
  finishedAt: string | null;
  courseDescription: string | null;
  courseDistanceNm: number | null;
}

export interface PublicDocument {
  id: string;
  kind: string;
  title: string;
  url: string | null;
  body: string | null;
  publishedAt: string | null;
}

export interface PublicEntry {
  id: string;
  fleetId: string;
  fleetName: string;
  sailorName: string | null;
  boatName: string;
  sailNumber: string | null;
  boatModel: string | null;
  status: string;
  registeredAt: string | null;
}

export interface PublicRaceResult {
  position: number | null;
  boatId: string;
  boatName: string;
  sailNumber: string | null;
  sailorName: string | null;
  finishTime: string | null;
  elapsedSeconds: number | null;
  correctedSeconds: number | null;
  points: number;
  status: string;
  code: string | null;
}

export interface PublicRaceResults {
  raceId: string;
  fleetId: string;
  raceNumber: number;
  raceName: string;
  raceStatus: string;
  actualStart: string | null;
  published: boolean;
  results: PublicRaceResult[];
}

export interface PublicStandingRace {
  raceNumber: number;
  points: number;
  dropped: boolean;
  code: string | null;
}

export interface PublicStandingEntry {
  position: number;
  boatId: string;
  boatName: string;
  sailNumber: string | null;
  sailorName: string | null;
  totalPoints: number;
  netPoints: number;
  racesCompleted: number;
  raceResults: PublicStandingRace[];
}

export interface PublicStandings {
  fleetId: string;
  fleetName: string;
  scoringSystem: string;
  drops: number;
  appliedDrops: number;
  boatsInFleet: number;
  entries: PublicStandingEntry[];
}

/** What the live feed and the page routes need of a regatta before its pages: id, slug, status, feed position. */
export interface EventHead {
  id: string;
  slug: string;
  status: string;
  organizationId: string | null;
  liveSeq: number;
}
