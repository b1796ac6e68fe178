/** The regatta as race capture knows it (projected from the events service's facts). */
export interface CaptureEvent {
  id: string;
  organizationId: string;
  slug: string;
  name: string;
  timeZone: string | null;
  startDate: Date;
  endDate: Date;
  status: string;
}

export interface CaptureFleet {
  id: string;
  name: string;
}

export interface CaptureRace {
  id: string;
  fleetId: string;
  name: string;
  raceNumber: number;
  scheduledStart: Date | null;
  status: string;
}

export interface CaptureEntry {
  registrationId: string;
  boatId: string | null;
  fleetId: string;
  sailNumber: string | null;
  boatName: string | null;
}
