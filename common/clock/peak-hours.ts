/**
 * When in the day each kind of crime happens, as input to the clock model.
 *
 * Multipliers: the survey ones are the product specification's business constants.
 * They were evidently paired with a peak-window length: with the windows below every profile
 * averages (almost exactly) 1 over a 24-hour day, e.g. violence 1.83 × 8 h + 0.59 × 16 h = 24.08.
 * The clock model still normalises over each real calendar year, so an imperfect pairing never
 * changes annual totals, only the shape within the day.
 *
 * Hours: London local time, [start, end), wrapping past midnight when end <= start. The windows
 * follow the pattern of the CSEW "Nature of crime" data tables (ONS, tables on the time of day of
 * incidents for violence, robbery, theft from the person, vehicle-related theft, bicycle theft and
 * burglary), which split incidents into morning/afternoon, evening (18:00-midnight) and night
 * (midnight-06:00). Those tables give broad bands, not hours: the exact windows here are our
 * modelling choice inside those bands, stated per profile.
 *
 * data.police.uk publishes no time of day, so the police clock reuses these survey-based profiles
 * for the matching police categories; police categories the survey does not cover get mild
 * profiles (± 10-20 %) chosen by us and said so.
 */
import type { CrimeCategorySlug } from '../crime/categories.ts';
import type { PeakProfile } from './model.ts';

export interface DocumentedPeakProfile extends PeakProfile {
  /** Why these hours; shown nowhere but kept with the numbers. */
  readonly reason: string;
}

/** Near-flat profile for the categories the specification says run "near 1". */
function mild(peakHours: PeakProfile['peakHours'], reason: string, swing = 0.1): DocumentedPeakProfile {
  // A symmetric swing over a 12-hour window averages exactly 1 over the day.
  return { peakMultiplier: 1 + swing, offPeakMultiplier: 1 - swing, peakHours, reason };
}

export const PEAK_PROFILES = {
  violence: {
    peakMultiplier: 1.83,
    offPeakMultiplier: 0.59,
    peakHours: [[18, 2]],
    reason:
      'Night-time economy: CSEW nature-of-violence data show violence concentrated in the evening ' +
      'and at night, notably around pubs and clubs. 8-hour window.',
  },
  robbery: {
    peakMultiplier: 1.8,
    offPeakMultiplier: 0.8,
    peakHours: [[17, 22]],
    reason:
      'Personal robbery peaks after dark in the early evening, when people travel home on foot ' +
      'with phones and cash. 5-hour window.',
  },
  theftFromThePerson: {
    peakMultiplier: 1.92,
    offPeakMultiplier: 0.78,
    peakHours: [[16, 21]],
    reason:
      'Pickpocketing and snatch theft follow crowds: evening rush hour and early evening in town ' +
      'centres and on public transport. 5-hour window.',
  },
  vehicleTheft: {
    peakMultiplier: 1.48,
    offPeakMultiplier: 0.52,
    peakHours: [[20, 8]],
    reason:
      'Thefts of vehicles mostly happen while cars stand parked at home overnight (CSEW nature-of-' +
      'crime tables: vehicle-related theft concentrated in the evening and at night). 12-hour window.',
  },
  theftFromVehicles: {
    peakMultiplier: 1.52,
    offPeakMultiplier: 0.5,
    peakHours: [[18, 6]],
    reason: 'Break-ins to parked cars cluster in the dark hours. 12-hour window.',
  },
  bicycleTheft: {
    peakMultiplier: 1.12,
    offPeakMultiplier: 0.88,
    peakHours: [[8, 20]],
    reason:
      'Bicycles are stolen both from outside homes at night and from stands at stations and ' +
      'workplaces by day; the day slightly dominates, hence the mild swing. 12-hour window.',
  },
  householdTheft: {
    peakMultiplier: 1.2,
    offPeakMultiplier: 0.8,
    peakHours: [[10, 22]],
    reason:
      'Thefts from gardens, sheds and doorsteps happen mostly while people are out or doors are ' +
      'open, in daytime and early evening. 12-hour window.',
  },
  fraud: {
    peakMultiplier: 1.6,
    offPeakMultiplier: 0.8,
    peakHours: [[10, 16]],
    reason:
      'Fraud incidents are dated by the transaction or contact: online shopping, bank and call ' +
      'activity peaks in the working day. 6-hour window.',
  },
  computerMisuse: mild(
    [[8, 20]],
    'Near 1 (specification). Hacking and malware are noticed and counted mostly in waking hours.',
  ),
  criminalDamage: mild([[18, 6]], 'Near 1 (specification). Vandalism leans to evenings and nights.'),
  domesticBurglary: mild(
    [[10, 22]],
    'Near 1 (specification). Burglaries split between empty homes by day and occupied homes at ' +
      'night; daytime and evening lead slightly.',
  ),
  otherPersonalTheft: mild([[8, 20]], 'Near 1 (specification). Follows daytime activity.'),
  // The following are police-only categories with no survey counterpart: our own choice.
  shoplifting: mild([[9, 21]], 'Police only (our choice): shoplifting happens in opening hours.', 0.2),
  publicOrder: mild(
    [[16, 4]],
    'Police only (our choice): public order offences follow the night-time economy.',
    0.2,
  ),
  antiSocialBehaviour: mild(
    [[15, 3]],
    'Police only (our choice): anti-social behaviour reports peak after school and into the night.',
    0.2,
  ),
  drugsAndWeapons: mild(
    [[14, 2]],
    'Police only (our choice): stop-and-search finds lean to afternoon and evening.',
  ),
  otherTheft: mild([[8, 20]], 'Police only (our choice): follows daytime activity.'),
} satisfies Record<string, DocumentedPeakProfile>;

/** The numbers alone, as sent to clients (the reasons stay here). */
export function modelPeak(profile: PeakProfile): PeakProfile {
  return {
    peakMultiplier: profile.peakMultiplier,
    offPeakMultiplier: profile.offPeakMultiplier,
    peakHours: profile.peakHours.map(([start, end]) => [start, end] as const),
  };
}

/** Profile per police category; undefined means constant rate. */
export const POLICE_PEAK_PROFILES: Readonly<Record<CrimeCategorySlug, DocumentedPeakProfile | undefined>> = {
  'violent-crime': PEAK_PROFILES.violence,
  robbery: PEAK_PROFILES.robbery,
  'theft-from-the-person': PEAK_PROFILES.theftFromThePerson,
  // Most police "vehicle crime" is theft from vehicles rather than of them.
  'vehicle-crime': PEAK_PROFILES.theftFromVehicles,
  'bicycle-theft': PEAK_PROFILES.bicycleTheft,
  burglary: PEAK_PROFILES.domesticBurglary,
  'criminal-damage-arson': PEAK_PROFILES.criminalDamage,
  shoplifting: PEAK_PROFILES.shoplifting,
  'public-order': PEAK_PROFILES.publicOrder,
  'public-disorder-weapons': PEAK_PROFILES.publicOrder,
  'anti-social-behaviour': PEAK_PROFILES.antiSocialBehaviour,
  drugs: PEAK_PROFILES.drugsAndWeapons,
  'possession-of-weapons': PEAK_PROFILES.drugsAndWeapons,
  'other-theft': PEAK_PROFILES.otherTheft,
  'other-crime': undefined,
};
