/**
 * Geography facts for the synthetic archive: for every force, its main towns and cities with
 * approximate centres (WGS84, to a few hundred metres) and resident populations (thousands, rounded from
 * recent ONS estimates), the local authority that names the LSOAs there, and real postcode
 * districts. Plus well-known real postcodes, and the street names used for map points.
 */
import type { PoliceForceId } from '../../common/police/forces.ts';

export interface Place {
  readonly name: string;
  readonly lat: number;
  readonly lng: number;
  /** Residents in thousands; sets the place's share of its force's rows. */
  readonly population: number;
  /** Local authority whose name starts the LSOA names around the place ("Leeds 018A"). */
  readonly lad: string;
  /** Real postcode districts of the place; generated postcodes use them. */
  readonly outward: readonly string[];
  /** Typical distance of crimes from the centre in km; by default it grows with population. */
  readonly spreadKm?: number;
  /** More crime than residents alone explain: regional centres draw shoppers and night life. */
  readonly crimeFactor?: number;
}

export interface ForceGeography {
  /**
   * Approximate street rows a month (thousands) in recent archives, rounded; only used to share
   * generated rows between forces in realistic proportions.
   */
  readonly monthlyStreetRows: number;
  /** Stop-and-search rows per street row, where a force is known to search more or less. */
  readonly stopSearchPerStreetRow?: number;
  readonly places: readonly Place[];
}

function place(
  name: string,
  lat: number,
  lng: number,
  population: number,
  lad: string,
  outward: string,
  extra: { spreadKm?: number; crimeFactor?: number } = {},
): Place {
  return { name, lat, lng, population, lad, outward: outward.split(' '), ...extra };
}

const LONDON_BOROUGH = { spreadKm: 1.9 };

export const FORCE_GEOGRAPHY: Readonly<Record<PoliceForceId, ForceGeography>> = {
  metropolitan: {
    monthlyStreetRows: 95,
    stopSearchPerStreetRow: 0.13,
    places: [
      place('Westminster', 51.513, -0.134, 205, 'Westminster', 'W1D W1F W1B W1J WC2H WC2N SW1P SW1V W2', {
        spreadKm: 1.6,
        crimeFactor: 3,
      }),
      place('Camden', 51.539, -0.1426, 210, 'Camden', 'NW1 NW3 NW5 WC1H WC1X', {
        ...LONDON_BOROUGH,
        crimeFactor: 1.3,
      }),
      place('Islington', 51.5465, -0.1058, 216, 'Islington', 'N1 N5 N7 N19 EC1V', LONDON_BOROUGH),
      place('Hackney', 51.545, -0.0553, 259, 'Hackney', 'E5 E8 E9 N16', LONDON_BOROUGH),
      place('Tower Hamlets', 51.515, -0.035, 310, 'Tower Hamlets', 'E1 E2 E3 E14', LONDON_BOROUGH),
      place('Newham', 51.5255, 0.0352, 351, 'Newham', 'E6 E7 E13 E15 E16', LONDON_BOROUGH),
      place('Southwark', 51.494, -0.087, 307, 'Southwark', 'SE1 SE5 SE15 SE16 SE17 SE22', LONDON_BOROUGH),
      place('Lambeth', 51.461, -0.116, 317, 'Lambeth', 'SW2 SW4 SW9 SE11 SE27', LONDON_BOROUGH),
      place('Wandsworth', 51.4571, -0.191, 328, 'Wandsworth', 'SW11 SW12 SW15 SW17 SW18', LONDON_BOROUGH),
      place('Hammersmith', 51.4927, -0.2339, 183, 'Hammersmith and Fulham', 'W6 W12 W14 SW6', LONDON_BOROUGH),
      place('Kensington', 51.4991, -0.1938, 143, 'Kensington and Chelsea', 'W8 W10 W11 SW3 SW5 SW7 SW10', {
        spreadKm: 1.5,
      }),
      place('Wembley', 51.5588, -0.2817, 339, 'Brent', 'HA9 NW10 NW2 NW6', LONDON_BOROUGH),
      place('Ealing', 51.513, -0.3089, 367, 'Ealing', 'W3 W5 W13 UB1 UB6', LONDON_BOROUGH),
      place('Barnet', 51.6252, -0.1517, 389, 'Barnet', 'N3 N12 NW4 NW7 EN5', LONDON_BOROUGH),
      place('Enfield', 51.6538, -0.0799, 330, 'Enfield', 'EN1 EN2 EN3 N9 N18', LONDON_BOROUGH),
      place('Tottenham', 51.5906, -0.111, 264, 'Haringey', 'N4 N8 N15 N17 N22', LONDON_BOROUGH),
      place('Lewisham', 51.4452, -0.0209, 300, 'Lewisham', 'SE4 SE6 SE13 SE14 SE23', LONDON_BOROUGH),
      place('Woolwich', 51.4906, 0.0694, 289, 'Greenwich', 'SE7 SE9 SE10 SE18 SE28', LONDON_BOROUGH),
      place('Croydon', 51.3762, -0.0982, 390, 'Croydon', 'CR0 CR2 CR7 SE25', LONDON_BOROUGH),
      place('Bromley', 51.406, 0.014, 330, 'Bromley', 'BR1 BR2 BR3 BR6', LONDON_BOROUGH),
      place('Uxbridge', 51.5441, -0.476, 305, 'Hillingdon', 'UB8 UB10 UB3 HA4', LONDON_BOROUGH),
      place('Hounslow', 51.4668, -0.3615, 288, 'Hounslow', 'TW3 TW4 TW5 TW7 W4', LONDON_BOROUGH),
      place('Ilford', 51.559, 0.0741, 310, 'Redbridge', 'IG1 IG2 IG4 IG6 E18', LONDON_BOROUGH),
      place('Walthamstow', 51.5886, -0.0118, 278, 'Waltham Forest', 'E4 E10 E11 E17', LONDON_BOROUGH),
      place('Barking', 51.5396, 0.0809, 218, 'Barking and Dagenham', 'IG11 RM8 RM9 RM10', LONDON_BOROUGH),
      place('Romford', 51.5812, 0.1837, 262, 'Havering', 'RM1 RM3 RM7 RM11 RM12', LONDON_BOROUGH),
      place('Bexleyheath', 51.4549, 0.1505, 246, 'Bexley', 'DA5 DA6 DA7 DA15 DA16', LONDON_BOROUGH),
      place('Sutton', 51.3618, -0.1945, 209, 'Sutton', 'SM1 SM2 SM3 SM5', LONDON_BOROUGH),
      place('Wimbledon', 51.4214, -0.2064, 215, 'Merton', 'SW19 SW20 CR4 SM4', LONDON_BOROUGH),
      place('Kingston', 51.4123, -0.3007, 168, 'Kingston upon Thames', 'KT1 KT2 KT3', LONDON_BOROUGH),
      place(
        'Richmond',
        51.4613,
        -0.3037,
        195,
        'Richmond upon Thames',
        'TW1 TW2 TW9 TW10 SW14',
        LONDON_BOROUGH,
      ),
      place('Harrow', 51.5806, -0.342, 261, 'Harrow', 'HA1 HA2 HA3 HA5', LONDON_BOROUGH),
    ],
  },
  'city-of-london': {
    monthlyStreetRows: 0.8,
    stopSearchPerStreetRow: 0.14,
    places: [
      place('Bank', 51.5133, -0.0889, 5, 'City of London', 'EC2R EC2V EC3V EC4N EC2N', { spreadKm: 0.45 }),
      place('Liverpool Street', 51.5178, -0.0823, 2, 'City of London', 'EC2M EC3M EC3A', { spreadKm: 0.3 }),
      place('Fleet Street', 51.5142, -0.107, 2, 'City of London', 'EC4A EC4Y EC4M EC1A', { spreadKm: 0.35 }),
    ],
  },
  'west-midlands': {
    monthlyStreetRows: 30,
    places: [
      place(
        'Birmingham',
        52.4796,
        -1.9026,
        1145,
        'Birmingham',
        'B1 B2 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13 B14 B15 B16 B17 B18 B19 B20 B21 B23 B24 B25 B26 B27 B28 B29 B30 B31 B32 B33 B34 B36 B42 B44',
        { crimeFactor: 1.2 },
      ),
      place('Coventry', 52.4081, -1.5106, 345, 'Coventry', 'CV1 CV2 CV3 CV4 CV5 CV6'),
      place('Wolverhampton', 52.5862, -2.1288, 264, 'Wolverhampton', 'WV1 WV2 WV3 WV4 WV6 WV10 WV11'),
      place('Walsall', 52.586, -1.9829, 284, 'Walsall', 'WS1 WS2 WS3 WS5'),
      place('Dudley', 52.5087, -2.0877, 323, 'Dudley', 'DY1 DY2 DY3 DY5 DY6'),
      place('West Bromwich', 52.5187, -1.9945, 341, 'Sandwell', 'B66 B67 B68 B69 B70 B71'),
      place('Solihull', 52.4118, -1.7776, 217, 'Solihull', 'B90 B91 B92 B93'),
    ],
  },
  'west-yorkshire': {
    monthlyStreetRows: 28,
    places: [
      place(
        'Leeds',
        53.7997,
        -1.5492,
        812,
        'Leeds',
        'LS1 LS2 LS3 LS4 LS6 LS7 LS8 LS9 LS10 LS11 LS12 LS13 LS14 LS15',
        {
          crimeFactor: 1.1,
        },
      ),
      place('Bradford', 53.795, -1.7594, 546, 'Bradford', 'BD1 BD2 BD3 BD4 BD5 BD7 BD8 BD9'),
      place('Huddersfield', 53.6458, -1.785, 162, 'Kirklees', 'HD1 HD2 HD3 HD4 HD5'),
      place('Wakefield', 53.683, -1.4977, 110, 'Wakefield', 'WF1 WF2 WF3 WF4'),
      place('Halifax', 53.721, -1.8575, 88, 'Calderdale', 'HX1 HX2 HX3'),
    ],
  },
  'greater-manchester': {
    monthlyStreetRows: 34,
    stopSearchPerStreetRow: 0.05,
    places: [
      place(
        'Manchester',
        53.4808,
        -2.2426,
        552,
        'Manchester',
        'M1 M2 M3 M4 M8 M9 M11 M12 M13 M14 M15 M16 M19 M20 M40',
        {
          crimeFactor: 1.3,
        },
      ),
      place('Salford', 53.4875, -2.2901, 270, 'Salford', 'M5 M6 M7 M27 M30 M50'),
      place('Bolton', 53.5769, -2.4282, 296, 'Bolton', 'BL1 BL2 BL3 BL4'),
      place('Stockport', 53.4106, -2.1575, 294, 'Stockport', 'SK1 SK2 SK3 SK4 SK5'),
      place('Oldham', 53.5409, -2.1114, 242, 'Oldham', 'OL1 OL4 OL8 OL9'),
      place('Rochdale', 53.6158, -2.1554, 223, 'Rochdale', 'OL11 OL12 OL16'),
      place('Wigan', 53.545, -2.6325, 330, 'Wigan', 'WN1 WN2 WN3 WN5 WN6'),
      place('Bury', 53.5933, -2.2966, 193, 'Bury', 'BL8 BL9 M26 M45'),
      place('Stretford', 53.4466, -2.3086, 235, 'Trafford', 'M32 M33 M41 WA14 WA15'),
      place('Ashton-under-Lyne', 53.489, -2.0952, 231, 'Tameside', 'OL6 OL7 SK14 SK15 SK16'),
    ],
  },
  'avon-and-somerset': {
    monthlyStreetRows: 13,
    places: [
      place('Bristol', 51.4545, -2.5879, 472, 'Bristol', 'BS1 BS2 BS3 BS4 BS5 BS6 BS7 BS8 BS13 BS14 BS16', {
        crimeFactor: 1.1,
      }),
      place('Bath', 51.3811, -2.359, 101, 'Bath and North East Somerset', 'BA1 BA2'),
      place('Weston-super-Mare', 51.3459, -2.977, 82, 'North Somerset', 'BS22 BS23 BS24'),
      place('Taunton', 51.015, -3.106, 60, 'Somerset West and Taunton', 'TA1 TA2 TA3'),
      place('Kingswood', 51.46, -2.505, 95, 'South Gloucestershire', 'BS15 BS30 BS32 BS34 BS37'),
    ],
  },
  'south-wales': {
    monthlyStreetRows: 11,
    places: [
      place('Cardiff', 51.4816, -3.1791, 362, 'Cardiff', 'CF3 CF5 CF10 CF11 CF14 CF23 CF24', {
        crimeFactor: 1.1,
      }),
      place('Swansea', 51.6214, -3.9436, 238, 'Swansea', 'SA1 SA2 SA4 SA5 SA6'),
      place('Bridgend', 51.5043, -3.5769, 49, 'Bridgend', 'CF31 CF32 CF33'),
      place('Merthyr Tydfil', 51.746, -3.378, 59, 'Merthyr Tydfil', 'CF47 CF48'),
      place('Pontypridd', 51.602, -3.342, 90, 'Rhondda Cynon Taf', 'CF37 CF38 CF39 CF40 CF41', {
        spreadKm: 5,
      }),
      place('Neath', 51.663, -3.804, 50, 'Neath Port Talbot', 'SA10 SA11 SA12 SA13'),
      place('Barry', 51.399, -3.283, 55, 'Vale of Glamorgan', 'CF62 CF63 CF64'),
    ],
  },
  bedfordshire: {
    monthlyStreetRows: 5,
    places: [
      place('Luton', 51.8787, -0.42, 225, 'Luton', 'LU1 LU2 LU3 LU4'),
      place('Bedford', 52.136, -0.4667, 106, 'Bedford', 'MK40 MK41 MK42'),
      place('Dunstable', 51.886, -0.521, 40, 'Central Bedfordshire', 'LU5 LU6 LU7'),
    ],
  },
  cambridgeshire: {
    monthlyStreetRows: 6.5,
    places: [
      place('Cambridge', 52.2053, 0.1218, 146, 'Cambridge', 'CB1 CB2 CB3 CB4 CB5'),
      place('Peterborough', 52.5695, -0.2405, 215, 'Peterborough', 'PE1 PE2 PE3 PE4 PE7'),
      place('Huntingdon', 52.331, -0.184, 25, 'Huntingdonshire', 'PE28 PE29'),
      place('Wisbech', 52.666, 0.159, 31, 'Fenland', 'PE13 PE14'),
    ],
  },
  cheshire: {
    monthlyStreetRows: 7,
    places: [
      place('Warrington', 53.39, -2.597, 210, 'Warrington', 'WA1 WA2 WA4 WA5'),
      place('Chester', 53.1934, -2.8931, 92, 'Cheshire West and Chester', 'CH1 CH2 CH3 CH4'),
      place('Crewe', 53.098, -2.441, 75, 'Cheshire East', 'CW1 CW2'),
      place('Widnes', 53.361, -2.734, 62, 'Halton', 'WA7 WA8'),
    ],
  },
  cleveland: {
    monthlyStreetRows: 7,
    places: [
      place('Middlesbrough', 54.5742, -1.235, 143, 'Middlesbrough', 'TS1 TS3 TS4 TS5'),
      place('Hartlepool', 54.686, -1.212, 92, 'Hartlepool', 'TS24 TS25 TS26'),
      place('Stockton-on-Tees', 54.57, -1.318, 197, 'Stockton-on-Tees', 'TS18 TS19 TS20'),
      place('Redcar', 54.617, -1.069, 137, 'Redcar and Cleveland', 'TS6 TS10'),
    ],
  },
  cumbria: {
    monthlyStreetRows: 3,
    places: [
      place('Carlisle', 54.8925, -2.9329, 75, 'Carlisle', 'CA1 CA2 CA3'),
      place('Barrow-in-Furness', 54.1108, -3.2261, 56, 'Barrow-in-Furness', 'LA13 LA14'),
      place('Kendal', 54.328, -2.746, 29, 'South Lakeland', 'LA9'),
      place('Workington', 54.643, -3.543, 25, 'Allerdale', 'CA14'),
    ],
  },
  derbyshire: {
    monthlyStreetRows: 7,
    places: [
      place('Derby', 52.9225, -1.4746, 261, 'Derby', 'DE1 DE21 DE22 DE23 DE24'),
      place('Chesterfield', 53.235, -1.421, 104, 'Chesterfield', 'S40 S41 S43'),
      place('Ilkeston', 52.971, -1.309, 38, 'Erewash', 'DE7'),
      place('Buxton', 53.259, -1.911, 22, 'High Peak', 'SK17'),
    ],
  },
  'devon-and-cornwall': {
    monthlyStreetRows: 10,
    places: [
      place('Plymouth', 50.3755, -4.1427, 265, 'Plymouth', 'PL1 PL2 PL3 PL4 PL5 PL6'),
      place('Exeter', 50.7184, -3.5339, 130, 'Exeter', 'EX1 EX2 EX4'),
      place('Torquay', 50.4619, -3.5253, 65, 'Torbay', 'TQ1 TQ2'),
      place('Truro', 50.2632, -5.051, 21, 'Cornwall', 'TR1'),
      place('Barnstaple', 51.08, -4.058, 32, 'North Devon', 'EX31 EX32'),
    ],
  },
  dorset: {
    monthlyStreetRows: 4.5,
    places: [
      // The local authority's own name carries commas, so its LSOA names are quoted in the CSVs.
      place(
        'Bournemouth',
        50.7192,
        -1.8808,
        395,
        'Bournemouth, Christchurch and Poole',
        'BH1 BH2 BH5 BH8 BH9 BH12 BH14',
      ),
      place('Weymouth', 50.6144, -2.457, 53, 'Dorset', 'DT3 DT4'),
    ],
  },
  durham: {
    monthlyStreetRows: 5,
    places: [
      place('Durham', 54.7761, -1.5733, 250, 'County Durham', 'DH1 DH7 DL14 DL15', { spreadKm: 9 }),
      place('Darlington', 54.5236, -1.5595, 108, 'Darlington', 'DL1 DL3'),
    ],
  },
  'dyfed-powys': {
    monthlyStreetRows: 3,
    places: [
      place('Llanelli', 51.684, -4.163, 60, 'Carmarthenshire', 'SA14 SA15'),
      place('Aberystwyth', 52.4153, -4.0829, 19, 'Ceredigion', 'SY23'),
      place('Haverfordwest', 51.801, -4.969, 15, 'Pembrokeshire', 'SA61 SA62'),
      place('Newtown', 52.513, -3.313, 11, 'Powys', 'SY16'),
    ],
  },
  essex: {
    monthlyStreetRows: 14,
    places: [
      place('Southend-on-Sea', 51.5459, 0.7077, 180, 'Southend-on-Sea', 'SS0 SS1 SS2 SS9'),
      place('Chelmsford', 51.7356, 0.4685, 112, 'Chelmsford', 'CM1 CM2'),
      place('Colchester', 51.8959, 0.8919, 130, 'Colchester', 'CO1 CO2 CO3 CO4'),
      place('Basildon', 51.5761, 0.4887, 107, 'Basildon', 'SS13 SS14 SS15 SS16'),
      place('Harlow', 51.7727, 0.1023, 87, 'Harlow', 'CM17 CM18 CM19 CM20'),
      place('Grays', 51.478, 0.323, 175, 'Thurrock', 'RM16 RM17 RM20'),
    ],
  },
  gloucestershire: {
    monthlyStreetRows: 4,
    places: [
      place('Gloucester', 51.8642, -2.2382, 132, 'Gloucester', 'GL1 GL2 GL3 GL4'),
      place('Cheltenham', 51.8994, -2.0783, 118, 'Cheltenham', 'GL50 GL51 GL52 GL53'),
      place('Stroud', 51.744, -2.215, 33, 'Stroud', 'GL5'),
    ],
  },
  gwent: {
    monthlyStreetRows: 4.5,
    places: [
      place('Newport', 51.5842, -2.9977, 159, 'Newport', 'NP10 NP18 NP19 NP20'),
      place('Cwmbran', 51.653, -3.021, 48, 'Torfaen', 'NP44'),
      place('Ebbw Vale', 51.777, -3.211, 33, 'Blaenau Gwent', 'NP23'),
      place('Caerphilly', 51.576, -3.218, 41, 'Caerphilly', 'CF83'),
    ],
  },
  hampshire: {
    monthlyStreetRows: 15,
    places: [
      place('Southampton', 50.9097, -1.4044, 250, 'Southampton', 'SO14 SO15 SO16 SO17 SO18 SO19'),
      place('Portsmouth', 50.8198, -1.088, 208, 'Portsmouth', 'PO1 PO2 PO3 PO4 PO5 PO6'),
      place('Basingstoke', 51.2667, -1.0876, 113, 'Basingstoke and Deane', 'RG21 RG22 RG24'),
      place('Winchester', 51.0632, -1.308, 48, 'Winchester', 'SO22 SO23'),
      place('Newport (Isle of Wight)', 50.701, -1.288, 26, 'Isle of Wight', 'PO30'),
      place('Aldershot', 51.248, -0.762, 38, 'Rushmoor', 'GU11 GU12'),
    ],
  },
  hertfordshire: {
    monthlyStreetRows: 8,
    places: [
      place('Watford', 51.6565, -0.3903, 102, 'Watford', 'WD17 WD18 WD24 WD25'),
      place('St Albans', 51.752, -0.336, 82, 'St Albans', 'AL1 AL3 AL4'),
      place('Stevenage', 51.9038, -0.1966, 90, 'Stevenage', 'SG1 SG2'),
      place('Hemel Hempstead', 51.753, -0.449, 97, 'Dacorum', 'HP1 HP2 HP3'),
      place('Hatfield', 51.763, -0.223, 41, 'Welwyn Hatfield', 'AL10'),
    ],
  },
  humberside: {
    monthlyStreetRows: 8,
    places: [
      place('Hull', 53.7676, -0.3274, 267, 'Kingston upon Hull', 'HU1 HU2 HU3 HU5 HU7 HU8 HU9'),
      place('Grimsby', 53.5675, -0.0802, 86, 'North East Lincolnshire', 'DN31 DN32 DN34'),
      place('Scunthorpe', 53.5809, -0.6502, 82, 'North Lincolnshire', 'DN15 DN16 DN17'),
      place('Beverley', 53.842, -0.435, 30, 'East Riding of Yorkshire', 'HU17'),
    ],
  },
  kent: {
    monthlyStreetRows: 16,
    places: [
      place('Chatham', 51.378, 0.528, 280, 'Medway', 'ME4 ME5 ME7 ME8'),
      place('Maidstone', 51.272, 0.529, 115, 'Maidstone', 'ME14 ME15 ME16'),
      place('Canterbury', 51.2802, 1.0789, 55, 'Canterbury', 'CT1 CT2'),
      place('Dartford', 51.444, 0.217, 56, 'Dartford', 'DA1 DA2'),
      place('Ashford', 51.1465, 0.875, 75, 'Ashford', 'TN23 TN24'),
      place('Margate', 51.3813, 1.3862, 62, 'Thanet', 'CT9 CT10 CT11'),
      place('Folkestone', 51.0814, 1.1695, 46, 'Folkestone and Hythe', 'CT19 CT20'),
      place('Tunbridge Wells', 51.1324, 0.2637, 59, 'Tunbridge Wells', 'TN1 TN2 TN4'),
      place('Gravesend', 51.4413, 0.3705, 55, 'Gravesham', 'DA11 DA12'),
    ],
  },
  lancashire: {
    monthlyStreetRows: 13,
    places: [
      place('Preston', 53.7632, -2.7031, 147, 'Preston', 'PR1 PR2'),
      place('Blackpool', 53.8175, -3.0357, 141, 'Blackpool', 'FY1 FY2 FY3 FY4', { crimeFactor: 1.3 }),
      place('Blackburn', 53.748, -2.482, 120, 'Blackburn with Darwen', 'BB1 BB2'),
      place('Burnley', 53.789, -2.248, 78, 'Burnley', 'BB10 BB11 BB12'),
      place('Lancaster', 54.047, -2.801, 52, 'Lancaster', 'LA1'),
    ],
  },
  leicestershire: {
    monthlyStreetRows: 8,
    places: [
      place('Leicester', 52.6369, -1.1398, 368, 'Leicester', 'LE1 LE2 LE3 LE4 LE5'),
      place('Loughborough', 52.7721, -1.2062, 64, 'Charnwood', 'LE11'),
      place('Hinckley', 52.541, -1.374, 46, 'Hinckley and Bosworth', 'LE10'),
      place('Coalville', 52.723, -1.37, 38, 'North West Leicestershire', 'LE67'),
    ],
  },
  lincolnshire: {
    monthlyStreetRows: 5,
    places: [
      place('Lincoln', 53.2307, -0.5406, 104, 'Lincoln', 'LN1 LN2 LN5 LN6'),
      place('Boston', 52.9789, -0.0266, 45, 'Boston', 'PE21'),
      place('Grantham', 52.911, -0.642, 45, 'South Kesteven', 'NG31'),
      place('Skegness', 53.1436, 0.3363, 20, 'East Lindsey', 'PE25'),
    ],
  },
  merseyside: {
    monthlyStreetRows: 12,
    places: [
      place(
        'Liverpool',
        53.4084,
        -2.9916,
        487,
        'Liverpool',
        'L1 L2 L3 L4 L5 L6 L7 L8 L9 L11 L13 L15 L17 L18',
        {
          crimeFactor: 1.2,
        },
      ),
      place('Birkenhead', 53.3934, -3.0148, 200, 'Wirral', 'CH41 CH42 CH43 CH44'),
      place('St Helens', 53.4539, -2.737, 102, 'St. Helens', 'WA9 WA10 WA11'),
      place('Bootle', 53.446, -2.992, 90, 'Sefton', 'L20 L30'),
      place('Kirkby', 53.483, -2.891, 60, 'Knowsley', 'L32 L33 L36'),
    ],
  },
  norfolk: {
    monthlyStreetRows: 5.5,
    places: [
      place('Norwich', 52.6309, 1.2974, 144, 'Norwich', 'NR1 NR2 NR3 NR4 NR5'),
      place('Great Yarmouth', 52.6083, 1.7305, 40, 'Great Yarmouth', 'NR30 NR31'),
      place("King's Lynn", 52.7543, 0.3976, 43, "King's Lynn and West Norfolk", 'PE30 PE31'),
      place('Thetford', 52.413, 0.751, 25, 'Breckland', 'IP24'),
    ],
  },
  'north-wales': {
    monthlyStreetRows: 4.5,
    places: [
      place('Wrexham', 53.043, -2.992, 65, 'Wrexham', 'LL11 LL12 LL13'),
      place('Rhyl', 53.319, -3.491, 26, 'Denbighshire', 'LL18'),
      place('Colwyn Bay', 53.294, -3.727, 30, 'Conwy', 'LL29'),
      place('Bangor', 53.2274, -4.1293, 18, 'Gwynedd', 'LL57'),
      place('Holyhead', 53.309, -4.633, 11, 'Isle of Anglesey', 'LL65'),
      place("Connah's Quay", 53.213, -3.052, 30, 'Flintshire', 'CH5 CH6 CH7'),
    ],
  },
  'north-yorkshire': {
    monthlyStreetRows: 4.5,
    places: [
      place('York', 53.96, -1.0873, 153, 'York', 'YO1 YO10 YO23 YO24 YO26 YO30 YO31'),
      place('Harrogate', 53.9921, -1.5418, 75, 'Harrogate', 'HG1 HG2'),
      place('Scarborough', 54.2831, -0.3998, 61, 'Scarborough', 'YO11 YO12'),
    ],
  },
  northamptonshire: {
    monthlyStreetRows: 5.5,
    places: [
      place('Northampton', 52.2405, -0.9027, 225, 'Northampton', 'NN1 NN2 NN3 NN4 NN5'),
      place('Kettering', 52.399, -0.728, 57, 'Kettering', 'NN15 NN16'),
      place('Corby', 52.4881, -0.7012, 61, 'Corby', 'NN17 NN18'),
      place('Wellingborough', 52.302, -0.694, 50, 'Wellingborough', 'NN8'),
    ],
  },
  northumbria: {
    monthlyStreetRows: 14,
    places: [
      place('Newcastle upon Tyne', 54.9783, -1.6178, 300, 'Newcastle upon Tyne', 'NE1 NE2 NE4 NE5 NE6 NE15', {
        crimeFactor: 1.2,
      }),
      place('Sunderland', 54.9069, -1.3838, 277, 'Sunderland', 'SR1 SR2 SR3 SR4 SR5'),
      place('Gateshead', 54.9526, -1.6034, 196, 'Gateshead', 'NE8 NE9 NE10 NE11'),
      place('South Shields', 54.9986, -1.4323, 148, 'South Tyneside', 'NE33 NE34'),
      place('North Shields', 55.0176, -1.4486, 209, 'North Tyneside', 'NE28 NE29 NE30'),
      place('Ashington', 55.181, -1.568, 60, 'Northumberland', 'NE63'),
    ],
  },
  nottinghamshire: {
    monthlyStreetRows: 9,
    places: [
      place('Nottingham', 52.9548, -1.1581, 324, 'Nottingham', 'NG1 NG2 NG3 NG5 NG6 NG7 NG8 NG11', {
        crimeFactor: 1.2,
      }),
      place('Mansfield', 53.1472, -1.1987, 110, 'Mansfield', 'NG18 NG19'),
      place('Worksop', 53.302, -1.124, 44, 'Bassetlaw', 'S80 S81'),
      place('Newark-on-Trent', 53.0765, -0.809, 30, 'Newark and Sherwood', 'NG24'),
      place('Beeston', 52.926, -1.215, 37, 'Broxtowe', 'NG9'),
    ],
  },
  'south-yorkshire': {
    monthlyStreetRows: 14,
    places: [
      place('Sheffield', 53.3811, -1.4701, 556, 'Sheffield', 'S1 S2 S3 S4 S5 S6 S7 S8 S9 S10 S11 S13 S14'),
      place('Doncaster', 53.5228, -1.1285, 310, 'Doncaster', 'DN1 DN2 DN4 DN5'),
      place('Rotherham', 53.4302, -1.3568, 265, 'Rotherham', 'S60 S61 S65 S66'),
      place('Barnsley', 53.5526, -1.4797, 245, 'Barnsley', 'S70 S71 S75'),
    ],
  },
  staffordshire: {
    monthlyStreetRows: 8,
    places: [
      place('Stoke-on-Trent', 53.0027, -2.1794, 258, 'Stoke-on-Trent', 'ST1 ST2 ST3 ST4 ST6'),
      place('Stafford', 52.8067, -2.117, 71, 'Stafford', 'ST16 ST17'),
      place('Burton upon Trent', 52.8019, -1.637, 76, 'East Staffordshire', 'DE13 DE14 DE15'),
      place('Tamworth', 52.6336, -1.691, 78, 'Tamworth', 'B77 B78 B79'),
      place('Newcastle-under-Lyme', 53.012, -2.227, 75, 'Newcastle-under-Lyme', 'ST5'),
      place('Cannock', 52.691, -2.027, 30, 'Cannock Chase', 'WS11 WS12'),
    ],
  },
  suffolk: {
    monthlyStreetRows: 5,
    places: [
      place('Ipswich', 52.0567, 1.1482, 140, 'Ipswich', 'IP1 IP2 IP3 IP4'),
      place('Bury St Edmunds', 52.2429, 0.711, 40, 'West Suffolk', 'IP32 IP33'),
      place('Lowestoft', 52.4752, 1.751, 72, 'East Suffolk', 'NR32 NR33'),
    ],
  },
  surrey: {
    monthlyStreetRows: 6.5,
    places: [
      place('Guildford', 51.2362, -0.5704, 77, 'Guildford', 'GU1 GU2 GU4'),
      place('Woking', 51.319, -0.558, 103, 'Woking', 'GU21 GU22'),
      place('Redhill', 51.24, -0.17, 45, 'Reigate and Banstead', 'RH1 RH2'),
      place('Staines-upon-Thames', 51.434, -0.511, 42, 'Spelthorne', 'TW18 TW19'),
      place('Epsom', 51.336, -0.267, 31, 'Epsom and Ewell', 'KT17 KT18 KT19'),
      place('Camberley', 51.337, -0.742, 38, 'Surrey Heath', 'GU15 GU16'),
    ],
  },
  sussex: {
    monthlyStreetRows: 11,
    places: [
      place('Brighton', 50.8225, -0.1372, 277, 'Brighton and Hove', 'BN1 BN2 BN3', { crimeFactor: 1.2 }),
      place('Crawley', 51.1091, -0.1872, 118, 'Crawley', 'RH10 RH11'),
      place('Worthing', 50.8179, -0.3728, 111, 'Worthing', 'BN11 BN12 BN13 BN14'),
      place('Eastbourne', 50.7684, 0.2903, 103, 'Eastbourne', 'BN20 BN21 BN22 BN23'),
      place('Hastings', 50.8543, 0.5735, 91, 'Hastings', 'TN34 TN35 TN37 TN38'),
      place('Chichester', 50.8365, -0.7792, 30, 'Chichester', 'PO19'),
    ],
  },
  'thames-valley': {
    monthlyStreetRows: 15,
    places: [
      place(
        'Milton Keynes',
        52.0406,
        -0.7594,
        287,
        'Milton Keynes',
        'MK1 MK2 MK3 MK4 MK5 MK6 MK9 MK10 MK13 MK14',
      ),
      place('Reading', 51.4543, -0.9781, 175, 'Reading', 'RG1 RG2 RG4 RG30'),
      place('Oxford', 51.752, -1.2577, 162, 'Oxford', 'OX1 OX2 OX3 OX4'),
      place('Slough', 51.5105, -0.595, 158, 'Slough', 'SL1 SL2 SL3'),
      place('High Wycombe', 51.6287, -0.7482, 125, 'Buckinghamshire', 'HP10 HP11 HP12 HP13'),
      place('Bracknell', 51.416, -0.749, 80, 'Bracknell Forest', 'RG12 RG42'),
      place('Maidenhead', 51.522, -0.719, 70, 'Windsor and Maidenhead', 'SL6'),
      place('Banbury', 52.0629, -1.3398, 50, 'Cherwell', 'OX16'),
    ],
  },
  warwickshire: {
    monthlyStreetRows: 3.5,
    places: [
      place('Nuneaton', 52.523, -1.468, 88, 'Nuneaton and Bedworth', 'CV10 CV11'),
      place('Rugby', 52.3709, -1.265, 78, 'Rugby', 'CV21 CV22'),
      place('Leamington Spa', 52.292, -1.537, 50, 'Warwick', 'CV31 CV32'),
      place('Stratford-upon-Avon', 52.192, -1.707, 30, 'Stratford-on-Avon', 'CV37'),
    ],
  },
  'west-mercia': {
    monthlyStreetRows: 8.5,
    places: [
      place('Telford', 52.6784, -2.4453, 147, 'Telford and Wrekin', 'TF1 TF2 TF3 TF4 TF7'),
      place('Worcester', 52.192, -2.22, 103, 'Worcester', 'WR1 WR2 WR3 WR4 WR5'),
      place('Redditch', 52.306, -1.945, 85, 'Redditch', 'B97 B98'),
      place('Shrewsbury', 52.707, -2.753, 76, 'Shropshire', 'SY1 SY2 SY3'),
      place('Hereford', 52.0565, -2.716, 61, 'Herefordshire', 'HR1 HR2 HR4'),
      place('Kidderminster', 52.388, -2.25, 57, 'Wyre Forest', 'DY10 DY11'),
    ],
  },
  wiltshire: {
    monthlyStreetRows: 4,
    places: [
      place('Swindon', 51.5558, -1.7797, 233, 'Swindon', 'SN1 SN2 SN3 SN5 SN25'),
      place('Salisbury', 51.0688, -1.7945, 41, 'Wiltshire', 'SP1 SP2'),
    ],
  },
  'northern-ireland': {
    monthlyStreetRows: 8,
    places: [
      place('Belfast', 54.5973, -5.9301, 345, 'Belfast', 'BT1 BT2 BT5 BT6 BT7 BT9 BT11 BT12 BT13 BT14 BT15', {
        crimeFactor: 1.2,
      }),
      place('Derry', 54.9966, -7.3086, 85, 'Derry City and Strabane', 'BT47 BT48'),
      place('Lisburn', 54.5162, -6.058, 50, 'Lisburn and Castlereagh', 'BT27 BT28'),
      place('Bangor (County Down)', 54.66, -5.67, 65, 'Ards and North Down', 'BT19 BT20'),
      place('Newry', 54.1751, -6.3402, 27, 'Newry, Mourne and Down', 'BT34 BT35'),
      place('Portadown', 54.423, -6.444, 30, 'Armagh City, Banbridge and Craigavon', 'BT62 BT63'),
      place('Ballymena', 54.864, -6.276, 30, 'Mid and East Antrim', 'BT42 BT43'),
    ],
  },
  btp: {
    monthlyStreetRows: 5,
    stopSearchPerStreetRow: 0.1,
    // Stations weighted roughly by passenger numbers; crimes sit on and around them.
    places: [
      place('London Waterloo', 51.5031, -0.1132, 80, 'Lambeth', 'SE1', { spreadKm: 0.25 }),
      place('London Liverpool Street', 51.5178, -0.0823, 65, 'City of London', 'EC2M', { spreadKm: 0.2 }),
      place('London Victoria', 51.4952, -0.1441, 60, 'Westminster', 'SW1V', { spreadKm: 0.25 }),
      place('London Bridge', 51.5049, -0.0863, 55, 'Southwark', 'SE1', { spreadKm: 0.2 }),
      place('London Euston', 51.5282, -0.1337, 40, 'Camden', 'NW1', { spreadKm: 0.2 }),
      place("London King's Cross", 51.5308, -0.1238, 35, 'Camden', 'N1C', { spreadKm: 0.25 }),
      place('Stratford', 51.5416, -0.0033, 40, 'Newham', 'E15', { spreadKm: 0.3 }),
      place('Clapham Junction', 51.4643, -0.1704, 25, 'Wandsworth', 'SW11', { spreadKm: 0.2 }),
      place('Birmingham New Street', 52.4778, -1.899, 40, 'Birmingham', 'B2', { spreadKm: 0.25 }),
      place('Manchester Piccadilly', 53.4774, -2.2309, 30, 'Manchester', 'M1', { spreadKm: 0.25 }),
      place('Leeds', 53.795, -1.5477, 30, 'Leeds', 'LS1', { spreadKm: 0.2 }),
      place('Liverpool Lime Street', 53.4075, -2.9778, 15, 'Liverpool', 'L1', { spreadKm: 0.2 }),
      place('Reading', 51.4589, -0.9719, 17, 'Reading', 'RG1', { spreadKm: 0.2 }),
      place('Brighton', 50.829, -0.1413, 17, 'Brighton and Hove', 'BN1', { spreadKm: 0.2 }),
      place('Cardiff Central', 51.476, -3.1792, 13, 'Cardiff', 'CF10', { spreadKm: 0.2 }),
      place('Bristol Temple Meads', 51.4491, -2.5813, 10, 'Bristol', 'BS1', { spreadKm: 0.2 }),
      place('Sheffield', 53.3782, -1.462, 9, 'Sheffield', 'S1', { spreadKm: 0.2 }),
      place('Nottingham', 52.947, -1.1461, 8, 'Nottingham', 'NG2', { spreadKm: 0.2 }),
      place('Newcastle', 54.9683, -1.6174, 8, 'Newcastle upon Tyne', 'NE1', { spreadKm: 0.2 }),
    ],
  },
};

/**
 * Forces whose places are railway stations rather than towns: their places never name LSOAs
 * (the town around the station does).
 */
export const STATION_FORCES: ReadonlySet<PoliceForceId> = new Set(['btp']);

export interface RealPostcode {
  readonly postcode: string;
  readonly lat: number;
  readonly lng: number;
  readonly what: string;
  /**
   * "published": the ONS Postcode Directory position (as served by postcodes.io), to 6 decimals.
   * "approximate": the position of the building or street the postcode serves, to about 200 m.
   */
  readonly position: 'published' | 'approximate';
}

/** Real, well-known postcodes; every generated postcode is made up and differs from these. */
export const REAL_POSTCODES: readonly RealPostcode[] = [
  { postcode: 'SW1A 1AA', lat: 51.501009, lng: -0.141588, what: 'Buckingham Palace', position: 'published' },
  { postcode: 'SW1A 2AA', lat: 51.5034, lng: -0.1276, what: '10 Downing Street', position: 'approximate' },
  { postcode: 'SW1A 0AA', lat: 51.4997, lng: -0.1246, what: 'Houses of Parliament', position: 'approximate' },
  {
    postcode: 'EC1A 1BB',
    lat: 51.5202,
    lng: -0.0977,
    what: 'Little Britain, City of London',
    position: 'approximate',
  },
  {
    postcode: 'W1A 0AX',
    lat: 51.5188,
    lng: -0.1439,
    what: 'BBC Broadcasting House',
    position: 'approximate',
  },
  { postcode: 'WC2N 5DU', lat: 51.5089, lng: -0.1283, what: 'National Gallery', position: 'approximate' },
  { postcode: 'WC1B 3DG', lat: 51.5194, lng: -0.127, what: 'British Museum', position: 'approximate' },
  { postcode: 'NW1 2DB', lat: 51.5299, lng: -0.1276, what: 'British Library', position: 'approximate' },
  { postcode: 'EC2R 8AH', lat: 51.5142, lng: -0.0885, what: 'Bank of England', position: 'approximate' },
  { postcode: 'EC4M 8AD', lat: 51.5138, lng: -0.0984, what: "St Paul's Cathedral", position: 'approximate' },
  { postcode: 'M1 1AA', lat: 53.4794, lng: -2.237, what: 'Manchester city centre', position: 'approximate' },
  { postcode: 'M60 2LA', lat: 53.4794, lng: -2.2446, what: 'Manchester Town Hall', position: 'approximate' },
  { postcode: 'B33 8TH', lat: 52.4822, lng: -1.7798, what: 'Stechford, Birmingham', position: 'approximate' },
  { postcode: 'CF10 1EP', lat: 51.4816, lng: -3.1764, what: 'Cardiff city centre', position: 'approximate' },
  { postcode: 'CF99 1NA', lat: 51.4639, lng: -3.1619, what: 'Senedd, Cardiff Bay', position: 'approximate' },
  { postcode: 'LS1 1UR', lat: 53.8008, lng: -1.5491, what: 'Leeds Civic Hall', position: 'approximate' },
  { postcode: 'BS1 4DJ', lat: 51.453, lng: -2.594, what: 'Bristol city centre', position: 'approximate' },
];

/** Street names for map points ("On or near High Street"), common across England and Wales. */
export const STREET_NAMES: readonly string[] = [
  'High Street',
  'Station Road',
  'Church Street',
  'Main Street',
  'Park Road',
  'Church Road',
  'London Road',
  'Victoria Road',
  'Green Lane',
  'Manor Road',
  'Church Lane',
  'Park Avenue',
  'The Avenue',
  'The Crescent',
  'Queens Road',
  'New Road',
  'Grange Road',
  'Kings Road',
  'Highfield Road',
  'Mill Lane',
  'North Street',
  'Albert Road',
  'South Street',
  'Chester Road',
  'Windsor Road',
  'Springfield Road',
  'West Street',
  'Stanley Road',
  'George Street',
  'York Road',
  'Richmond Road',
  'School Lane',
  'Market Street',
  'Market Place',
  'Broadway',
  'Alexandra Road',
  'Mill Road',
  'King Street',
  'Queen Street',
  'Victoria Street',
  'Bridge Street',
  'Water Lane',
  'The Green',
  'Kingsway',
  'Oxford Road',
  'Cambridge Road',
  'Hill Street',
  'Beech Grove',
  'Elm Grove',
  'Oak Avenue',
  'Orchard Close',
  'Meadow Way',
  'Hawthorn Drive',
  'Willow Close',
  'Chapel Street',
  'Castle Street',
  'Dale Street',
  'Princes Street',
  'Duke Street',
  'Union Street',
  'Wellington Road',
  'Nelson Street',
  'Cromwell Road',
  'Clarence Road',
  'St Johns Road',
  "St Mary's Road",
  "St Andrew's Road",
  'Moor Lane',
  'Brook Street',
  'Farm Road',
  'Rectory Lane',
  'Vicarage Road',
  'Coronation Road',
  'Jubilee Way',
  'Trinity Street',
  'Fore Street',
  'Back Lane',
  'Cross Street',
  'Silver Street',
  'Garden Street',
  'Hall Lane',
  'Heath Road',
  'Lime Grove',
  'Ash Grove',
  'Sycamore Avenue',
  'Rose Hill',
  'Ferry Road',
  'Harbour Road',
  'Canal Street',
  'Railway Street',
  'Commercial Road',
  'Industrial Estate Road',
  'Ring Road',
  'Bypass',
  'Lower Road',
  'Upper Road',
  'Forest Road',
  'Valley Road',
];

/** data.police.uk anonymised map points that are places, not streets. */
export const PLACE_LOCATIONS: readonly string[] = [
  'Parking Area',
  'Supermarket',
  'Shopping Area',
  'Petrol Station',
  'Sports/Recreation Area',
  'Nightclub',
  'Further/Higher Educational Building',
  'Hospital',
  'Police Station',
  'Bus/Coach Station',
  'Theatre/Concert Hall',
  'Conference/Exhibition Centre',
  'Pedestrian Subway',
];
