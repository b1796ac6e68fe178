/** What the demo federation looks like: organizations, regattas, fleets, boats and sailors. */

export interface FleetPlan {
  /** Exactly the POST /events/{slug}/fleets body. */
  body: {
    name: string;
    description?: string;
    maxBoats?: number;
    scoringSystem?: 'low_point' | 'high_point' | 'pursuit';
    dropRaces?: number;
    handicap?: { system: string; params?: Record<string, number> };
    penaltyBasis?: 'series_entries' | 'starting_area';
  };
  entries: number;
  model: string;
  sailPrefix: string;
  sailStart: number;
  boatNames: string[];
}

export interface EventPlan {
  slug: string;
  name: string;
  description: string;
  venue: string;
  /** The venue's IANA time zone: the console shows the regatta's dates and times on its clock. */
  timeZone: string;
  address: string;
  /** Days from now (negative: in the past). */
  startInDays: number;
  lengthDays: number;
  registrationCloseInDays?: number;
  entryFee: string;
  maxParticipants?: number;
  nor: string;
  races: number;
  target: 'draft' | 'published' | 'ongoing' | 'completed';
  inSeries?: boolean;
  /** Where this regatta's sailors start in SAILOR_NAMES (sailors recur across regattas). */
  sailorOffset: number;
  fleets: FleetPlan[];
}

export interface ClubPlan {
  name: string;
  type: 'yacht-club' | 'sailing-club' | 'race-committee' | 'association';
  description: string;
  founded: number;
  address: { street: string; city: string; state: string; postalCode: string; country: string };
  contact: { email: string; phone: string; website: string };
  socialMedia: { facebook?: string; instagram?: string };
}

const BOATS = {
  keel: ['Wind Dancer', 'Sea Biscuit', 'Blue Heron', 'Osprey', 'Second Wind', 'Rum Line', 'Tenacious', 'Whisper', 'Kestrel', 'Pelican Brief', 'Hot Ticket', 'Stray Cat'],
  dinghy: ['Flying Fish', 'Zephyr', 'Minnow', 'Squall', 'Gust', 'Tern', 'Sprite', 'Puffin', 'Kite', 'Ripple'],
};

export const FEDERATION: { club: ClubPlan; events: EventPlan[] } = {
  club: {
    name: 'National Yacht Racing Association',
    type: 'association',
    description: 'The national authority for yacht racing: championships, race officials and the ranking series.',
    founded: 1897,
    address: { street: '15 Maritime Drive', city: 'Newport', state: 'RI', postalCode: '02840', country: 'US' },
    contact: { email: 'info@nyra.example.org', phone: '+1 401 555 0100', website: 'https://nyra.example.org' },
    socialMedia: { facebook: 'https://facebook.com/nyra.demo', instagram: 'https://instagram.com/nyra.demo' },
  },
  events: [
    {
      slug: 'national-keelboat-championship',
      name: 'National Keelboat Championship',
      description: 'Five races over three days for one-design keelboats and PHRF yachts.',
      venue: 'Narragansett Bay',
      timeZone: 'America/New_York',
      address: 'Fort Adams State Park, Newport, RI',
      startInDays: -40,
      lengthDays: 3,
      entryFee: '250.00',
      nor: 'Notice of race: RRS 2025-2028 apply; entries close one week before the first warning signal.',
      races: 5,
      target: 'completed',
      sailorOffset: 0,
      fleets: [
        { body: { name: 'J/70', dropRaces: 1, handicap: { system: 'one_design' } }, entries: 8, model: 'J/70', sailPrefix: 'USA', sailStart: 1100, boatNames: BOATS.keel },
        {
          body: { name: 'PHRF A', handicap: { system: 'phrf_tot', params: { a: 650, b: 550 } } },
          entries: 6,
          model: 'J/109',
          sailPrefix: 'USA',
          sailStart: 52000,
          boatNames: BOATS.keel.slice(3),
        },
      ],
    },
    {
      // A second completed federation regatta, so the national ranking combines two regattas (with factors).
      slug: 'national-spring-qualifier',
      name: 'National Spring Qualifier',
      description: 'The J/70 qualifier for the national championship: three races in one day.',
      venue: 'Narragansett Bay',
      timeZone: 'America/New_York',
      address: 'Fort Adams State Park, Newport, RI',
      startInDays: -75,
      lengthDays: 1,
      entryFee: '90.00',
      nor: 'Notice of race: RRS 2025-2028 apply; three races, no discard.',
      races: 3,
      target: 'completed',
      sailorOffset: 3,
      fleets: [{ body: { name: 'J/70', handicap: { system: 'one_design' } }, entries: 7, model: 'J/70', sailPrefix: 'USA', sailStart: 1150, boatNames: BOATS.keel.slice(2) }],
    },
  ],
};

/** The protest room on the completed demo regatta: a committee protest, its hearing and a DSQ, shown on the public notice board. */
export const PROTEST_CASE = {
  event: 'annapolis-spring-regatta',
  fleet: 'J/70',
  raceNumber: 3,
  /** The protested boat: the n-th J/70 entry in sail number order. */
  protesteeIndex: 2,
  /** Found again by this text on a later run (the case has no other natural key). */
  incident: 'At the leeward gate of race 3 the boat rounded the wrong gate mark and did not correct her error, as recorded by the mark-set boat.',
  rules: ['28.1'],
  room: 'Jury room, first floor of the clubhouse',
  factsFound: 'The boat left the port gate mark to starboard while rounding the starboard gate mark, and sailed on to the finish without correcting her error.',
  conclusions: 'The boat did not sail the course and broke rule 28.1. She is disqualified from race 3.',
};

/** A second case at the same regatta, heard and then withdrawn with the protest committee's approval (rule 63.1). */
export const WITHDRAWN_CASE = {
  event: 'annapolis-spring-regatta',
  fleet: 'J/70',
  raceNumber: 2,
  protesteeIndex: 0,
  incident: 'At the windward mark of race 2 the protestee may have touched the mark while rounding it.',
  rules: ['31'],
  room: 'Jury room, first floor of the clubhouse',
  reason: 'The race committee withdrew its protest before the hearing; the protest committee approved (rule 63.1).',
  /** The venue's time zone: the protest time limit counts from the day's last race at Annapolis. */
  timeZone: 'America/New_York',
};

/** The overall result across the demo regatta's two IRC fleets (IRC corrected time, all boats ranked together). */
export const OVERALL = { event: 'annapolis-spring-regatta', name: 'Overall IRC', fleets: ['IRC 1', 'IRC 2'], handicap: 'irc' };

/** The federation's published national ranking over its completed regattas, graded by event factors. */
export const RANKING = {
  name: 'NYRA National Ranking',
  formula: { kind: 'best_n', n: 2, placePoints: 'linear', windowMonths: 12 },
  factors: { 'national-keelboat-championship': 1.2, 'national-spring-qualifier': 0.8 } as Record<string, number>,
};

export const CLUBS: { club: ClubPlan; events: EventPlan[] }[] = [
  {
    club: {
      name: 'Annapolis Harbor Yacht Club',
      type: 'yacht-club',
      description: 'Racing on the Chesapeake since 1886: Wednesday nights, spring and fall regattas.',
      founded: 1886,
      address: { street: '2 Compromise Street', city: 'Annapolis', state: 'MD', postalCode: '21401', country: 'US' },
      contact: { email: 'race@ahyc.example.org', phone: '+1 410 555 0142', website: 'https://ahyc.example.org' },
      socialMedia: { instagram: 'https://instagram.com/ahyc.demo' },
    },
    events: [
      {
        slug: 'annapolis-spring-regatta',
        name: 'Annapolis Spring Regatta',
        description: 'The season opener on the Bay: two IRC fleets scored together overall, and the J/70s; four races.',
        venue: 'Chesapeake Bay off Annapolis',
        timeZone: 'America/New_York',
        address: '2 Compromise Street, Annapolis, MD 21401',
        startInDays: -21,
        lengthDays: 2,
        entryFee: '150.00',
        nor: 'Notice of race: two days, windward/leeward courses, IRC and one-design scoring.',
        races: 4,
        target: 'completed',
        inSeries: true,
        sailorOffset: 9,
        fleets: [
          { body: { name: 'IRC 1', handicap: { system: 'irc' }, penaltyBasis: 'starting_area' }, entries: 6, model: 'Beneteau First 40.7', sailPrefix: 'USA', sailStart: 40700, boatNames: BOATS.keel },
          // A second handicap fleet, so the regatta has an overall (corrected time) result across IRC 1 and IRC 2
          // (before the J/70s: the plan's fleet order is then also name order, which test/exports.test.ts expects of the exports).
          { body: { name: 'IRC 2', handicap: { system: 'irc' } }, entries: 5, model: 'J/109', sailPrefix: 'USA', sailStart: 10900, boatNames: BOATS.keel.slice(7) },
          { body: { name: 'J/70', handicap: { system: 'one_design' } }, entries: 7, model: 'J/70', sailPrefix: 'USA', sailStart: 1200, boatNames: BOATS.keel.slice(5) },
        ],
      },
      {
        slug: 'annapolis-fall-classic',
        name: 'Annapolis Fall Classic',
        description: 'Autumn racing for the whole fleet (being prepared).',
        venue: 'Chesapeake Bay off Annapolis',
        timeZone: 'America/New_York',
        address: '2 Compromise Street, Annapolis, MD 21401',
        startInDays: 120,
        lengthDays: 2,
        entryFee: '140.00',
        nor: 'Draft notice of race.',
        races: 0,
        target: 'draft',
        sailorOffset: 0,
        fleets: [{ body: { name: 'PHRF', handicap: { system: 'phrf_tot' } }, entries: 0, model: 'Various', sailPrefix: 'USA', sailStart: 1, boatNames: BOATS.keel }],
      },
    ],
  },
  {
    club: {
      name: 'Severn River Sailing Club',
      type: 'sailing-club',
      description: 'Dinghy and small keelboat racing on the Severn, with a junior program.',
      founded: 1962,
      address: { street: '311 Third Street', city: 'Annapolis', state: 'MD', postalCode: '21403', country: 'US' },
      contact: { email: 'fleet@srsc.example.org', phone: '+1 410 555 0177', website: 'https://srsc.example.org' },
      socialMedia: { facebook: 'https://facebook.com/srsc.demo' },
    },
    events: [
      {
        slug: 'severn-summer-series',
        name: 'Severn Summer Series',
        description: 'Racing today and tomorrow: a Portsmouth dinghy fleet and the Thistles.',
        venue: 'Severn River',
        timeZone: 'America/New_York',
        address: '311 Third Street, Annapolis, MD 21403',
        startInDays: -1,
        lengthDays: 3,
        entryFee: '45.00',
        nor: 'Notice of race: short courses, up to four races per day.',
        races: 4,
        target: 'ongoing',
        inSeries: true,
        sailorOffset: 22,
        fleets: [
          { body: { name: 'Dinghy Handicap', handicap: { system: 'portsmouth_rya' }, dropRaces: 1 }, entries: 8, model: 'Laser / RS Aero / Finn', sailPrefix: 'SRS', sailStart: 100, boatNames: BOATS.dinghy },
          { body: { name: 'Thistle', handicap: { system: 'one_design' } }, entries: 5, model: 'Thistle', sailPrefix: 'TH', sailStart: 3900, boatNames: BOATS.dinghy.slice(4) },
        ],
      },
    ],
  },
  {
    club: {
      name: 'Lake Michigan Race Committee',
      type: 'race-committee',
      description: 'Race management for distance and buoy racing on Lake Michigan.',
      founded: 1978,
      address: { street: '400 E Monroe Street', city: 'Chicago', state: 'IL', postalCode: '60603', country: 'US' },
      contact: { email: 'pro@lmrc.example.org', phone: '+1 312 555 0190', website: 'https://lmrc.example.org' },
      socialMedia: {},
    },
    events: [
      {
        slug: 'lake-michigan-distance-race',
        name: 'Lake Michigan Distance Race',
        description: 'A coastal race and two buoy races; ORC and PHRF time-on-distance. PHRF is full: late entries go on the waitlist.',
        venue: 'Monroe Harbor, Chicago',
        timeZone: 'America/Chicago',
        address: '400 E Monroe Street, Chicago, IL 60603',
        startInDays: 30,
        lengthDays: 2,
        registrationCloseInDays: 27,
        entryFee: '195.00',
        nor: 'Notice of race: ORC and PHRF ToD scoring; coastal race course distance 24 nm.',
        races: 3,
        target: 'published',
        inSeries: true,
        sailorOffset: 35,
        fleets: [
          { body: { name: 'ORC', handicap: { system: 'orc_tot' } }, entries: 6, model: 'Various', sailPrefix: 'USA', sailStart: 60100, boatNames: BOATS.keel },
          {
            body: { name: 'PHRF Distance', handicap: { system: 'phrf_tod' }, maxBoats: 8 },
            entries: 10,
            model: 'Various',
            sailPrefix: 'USA',
            sailStart: 71000,
            boatNames: BOATS.keel.slice(2),
          },
        ],
      },
    ],
  },
  {
    club: {
      name: 'San Diego Bay Yacht Club',
      type: 'yacht-club',
      description: 'Year-round racing in Southern California.',
      founded: 1921,
      address: { street: '1011 Anchorage Lane', city: 'San Diego', state: 'CA', postalCode: '92106', country: 'US' },
      contact: { email: 'racing@sdbyc.example.org', phone: '+1 619 555 0123', website: 'https://sdbyc.example.org' },
      socialMedia: { instagram: 'https://instagram.com/sdbyc.demo' },
    },
    events: [
      {
        slug: 'san-diego-winter-series',
        name: 'San Diego Winter Series',
        description: 'Three Sundays of racing for the Portsmouth (D-PN) fleet.',
        venue: 'San Diego Bay',
        timeZone: 'America/Los_Angeles',
        address: '1011 Anchorage Lane, San Diego, CA 92106',
        startInDays: 60,
        lengthDays: 15,
        registrationCloseInDays: 55,
        entryFee: '60.00',
        maxParticipants: 40,
        nor: 'Notice of race: D-PN handicaps, one race per Sunday.',
        races: 3,
        target: 'published',
        sailorOffset: 51,
        fleets: [{ body: { name: 'Portsmouth', handicap: { system: 'portsmouth_us' } }, entries: 5, model: 'Various dinghies', sailPrefix: 'SD', sailStart: 10, boatNames: BOATS.dinghy }],
      },
    ],
  },
];

export const SAILOR_NAMES = [
  'Avery Collins', 'Jordan Reyes', 'Morgan Blake', 'Taylor Brooks', 'Casey Nguyen', 'Riley Foster', 'Quinn Harper', 'Jamie Ortiz',
  'Drew Patel', 'Skyler Kim', 'Reese Walker', 'Hayden Cruz', 'Emerson Price', 'Rowan Bennett', 'Parker Hughes', 'Sage Murphy',
  'Finley Ward', 'Logan Rivera', 'Dakota Jensen', 'Cameron Liu', 'Elliot Shaw', 'Harper Quinn', 'Marlowe Diaz', 'Peyton Ross',
  'Blair Sullivan', 'Kendall Reed', 'Alexis Moreno', 'Jesse Park', 'Robin Castillo', 'Shawn Fischer', 'Tatum Kelly', 'Devon Ramos',
  'Ari Coleman', 'Lane Mitchell', 'Remy Howard', 'Sasha Petrov', 'Noel Garcia', 'Kai Andersen', 'Jules Martin', 'River Scott',
  'Ellis Ford', 'Shay Robinson', 'Brett Larson', 'Corey Webb', 'Dana Holt', 'Frankie Stone', 'Gale Mercer', 'Hollis Grant',
  'Indy Vaughn', 'Jody Hale', 'Kerry Lowe', 'Lee Arden', 'Micah Rowe', 'Nico Baird', 'Oakley Dunn', 'Pat Keane',
  'Rory Quill', 'Sam Tarrant', 'Toby Voss', 'Val Whitaker', 'Wren Yates', 'Zion Abbott', 'Bailey Crane', 'Charlie Dove',
  'Eden Frost', 'Gray Hollow', 'Hunter Isles', 'Jaden Keel', 'Lennon Marsh', 'Milan North',
];
