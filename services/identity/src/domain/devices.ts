/**
 * A device as a person would name it, from a browser's user agent: "Firefox on Linux", "Safari on
 * iPhone". Sign-ins are compared by it (a new browser or system is a new device); versions are
 * left out so that an update is not a new device. Also the language of a request from its
 * Accept-Language header (English unless German comes first).
 */
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export function describeDevice(userAgent: string | undefined): string {
  const agent = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser ?? system) return (browser ?? system)!;
  // A program (curl, a script): its first word, so that each program is one device.
  const program = /^([A-Za-z][\w.-]{0,40})/.exec(agent)?.[1];
  return program ? program.split('/')[0]! : 'an unknown device';
}

export function requestLocale(acceptLanguage: string | undefined): 'en' | 'de' {
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('de') ? 'de' : 'en';
}
