/** A small seeded PRNG (mulberry32): the same seed gives the same sandbox data on every start. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit seed from text (FNV-1a), for values that must be stable per date, event or group. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Event types of the sandbox project. */
export const EVENT_TYPES = [
  'Sign Up',
  'Log In',
  'Search',
  'Play Song',
  'Add to Playlist',
  'Share Song',
  'Purchase',
  'Log Out',
] as const;

/** Places the sandbox's users live in, with the fields Amplitude derives from them. */
export const PLACES = [
  {
    country: 'United States',
    region: 'California',
    city: 'San Francisco',
    dma: 'San Francisco-Oakland-San Jose, CA',
    lat: 37.77,
    lng: -122.42,
    language: 'English',
  },
  {
    country: 'United States',
    region: 'New York',
    city: 'New York',
    dma: 'New York, NY',
    lat: 40.71,
    lng: -74.01,
    language: 'English',
  },
  {
    country: 'Germany',
    region: 'Berlin',
    city: 'Berlin',
    dma: '',
    lat: 52.52,
    lng: 13.4,
    language: 'German',
  },
  {
    country: 'France',
    region: 'Île-de-France',
    city: 'Paris',
    dma: '',
    lat: 48.86,
    lng: 2.35,
    language: 'French',
  },
  {
    country: 'Japan',
    region: 'Tokyo',
    city: 'Tokyo',
    dma: '',
    lat: 35.68,
    lng: 139.69,
    language: 'Japanese',
  },
  {
    country: 'Brazil',
    region: 'São Paulo',
    city: 'São Paulo',
    dma: '',
    lat: -23.55,
    lng: -46.63,
    language: 'Portuguese',
  },
  {
    country: 'Canada',
    region: 'Ontario',
    city: 'Toronto',
    dma: '',
    lat: 43.65,
    lng: -79.38,
    language: 'English',
  },
] as const;

/** Devices the sandbox's users use. */
export const DEVICES = [
  {
    platform: 'iOS',
    os_name: 'ios',
    os_version: '17.4',
    device_type: 'Apple iPhone 15',
    device_family: 'Apple iPhone',
    library: 'amplitude-swift/1.4.0',
  },
  {
    platform: 'Android',
    os_name: 'android',
    os_version: '14',
    device_type: 'Google Pixel 8',
    device_family: 'Google Phone',
    library: 'amplitude-android/1.16.0',
  },
  {
    platform: 'Web',
    os_name: 'Chrome',
    os_version: '126',
    device_type: 'Mac',
    device_family: 'Mac',
    library: 'amplitude-ts/2.11.0',
  },
] as const;

/** A user of the sandbox project. */
export interface SimUser {
  user_id: string | null;
  amplitude_id: number;
  device_id: string;
  place: number;
  device: number;
  paying: boolean;
  version: string;
  first_used: string;
}

/** The sandbox's users: stable ids, places and devices from the seed. */
export function sandboxUsers(count: number, seed = 1): SimUser[] {
  const random = seededRandom(seed);
  const users: SimUser[] = [];
  for (let i = 1; i <= count; i += 1) {
    users.push({
      // Some users never signed in: Amplitude knows them by device only.
      user_id: i % 7 === 0 ? null : `user-${String(i).padStart(4, '0')}`,
      amplitude_id: 100_000_000 + i * 7919,
      device_id: hexId(random, 8, 4, 4, 4, 12).toUpperCase(),
      place: Math.floor(random() * PLACES.length),
      device: Math.floor(random() * DEVICES.length),
      paying: random() < 0.2,
      version: `3.${Math.floor(random() * 5)}.${Math.floor(random() * 10)}`,
      first_used: `2026-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 10)}`,
    });
  }
  return users;
}

/** A UUID-shaped id drawn from `random` (groups of hex digits). */
export function hexId(random: () => number, ...groups: number[]): string {
  return groups
    .map((length) => {
      let out = '';
      for (let i = 0; i < length; i += 1) out += Math.floor(random() * 16).toString(16);
      return out;
    })
    .join('-');
}

/** `YYYY-MM-DD` of a UTC timestamp. */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const PAD2 = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const PAD3 = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));
const dayNames = new Map<number, string>();

/**
 * Amplitude's export timestamp form, `YYYY-MM-DD HH:MM:SS.ffffff` (UTC). Written by hand rather than
 * with `toISOString`: the export generator calls it six times per event.
 */
export function exportTime(ms: number): string {
  const day = Math.floor(ms / 86_400_000);
  let name = dayNames.get(day);
  if (name === undefined) {
    name = new Date(day * 86_400_000).toISOString().slice(0, 10);
    if (dayNames.size > 1000) dayNames.clear();
    dayNames.set(day, name);
  }
  let rest = ms - day * 86_400_000;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${name} ${PAD2[hours]}:${PAD2[minutes]}:${PAD2[seconds]}.${PAD3[rest - seconds * 1000]}000`;
}
