/**
 * Road corridors the generated trips follow, each a list of cities in geographic order; a trip takes a
 * stretch of one corridor (either direction) and stops at up to two of the cities in between.
 */
export const CORRIDORS: readonly { weight: number; cities: readonly string[] }[] = [
  {
    weight: 6,
    cities: [
      'Paris',
      'Auxerre',
      'Dijon',
      'Mâcon',
      'Lyon',
      'Valence',
      'Montélimar',
      'Avignon',
      'Aix-en-Provence',
      'Marseille',
      'Toulon',
      'Cannes',
      'Nice',
    ],
  },
  { weight: 3, cities: ['Paris', 'Orléans', 'Tours', 'Poitiers', 'Angoulême', 'Bordeaux', 'Bayonne'] },
  { weight: 3, cities: ['Lille', 'Amiens', 'Paris', 'Orléans', 'Limoges', 'Toulouse', 'Carcassonne', 'Perpignan'] },
  { weight: 2, cities: ['Paris', 'Reims', 'Metz', 'Nancy', 'Strasbourg'] },
  { weight: 2, cities: ['Strasbourg', 'Colmar', 'Mulhouse', 'Besançon', 'Dijon', 'Lyon'] },
  { weight: 2, cities: ['Brest', 'Rennes', 'Le Mans', 'Chartres', 'Paris'] },
  { weight: 2, cities: ['Nantes', 'Angers', 'Tours', 'Blois', 'Orléans', 'Paris'] },
  {
    weight: 3,
    cities: [
      'Bordeaux',
      'Agen',
      'Toulouse',
      'Carcassonne',
      'Narbonne',
      'Béziers',
      'Montpellier',
      'Nîmes',
      'Arles',
      'Marseille',
    ],
  },
  // Grenoble is deliberately left unserved (Chambéry, 45 km away, is served): riders there need the planning hints.
  { weight: 1, cities: ['Lyon', 'Chambéry', 'Annecy'] },
  { weight: 3, cities: ['Annecy', 'Chambéry', 'Gap', 'Aix-en-Provence', 'Marseille'] },
  { weight: 1, cities: ['Le Havre', 'Rouen', 'Paris'] },
  { weight: 1, cities: ['Caen', 'Rouen', 'Amiens', 'Lille'] },
  { weight: 1, cities: ['Paris', 'Bourges', 'Clermont-Ferrand', 'Montpellier'] },
  { weight: 1, cities: ['Nantes', 'La Rochelle', 'Bordeaux'] },
  { weight: 1, cities: ['Lyon', 'Saint-Étienne', 'Clermont-Ferrand'] },
  { weight: 1, cities: ['Dunkerque', 'Calais', 'Lille', 'Reims', 'Troyes', 'Dijon'] },
  { weight: 1, cities: ['Saint-Malo', 'Rennes', 'Nantes'] },
  { weight: 1, cities: ['Bayonne', 'Pau', 'Toulouse'] },
  { weight: 1, cities: ['Quimper', 'Lorient', 'Vannes', 'Nantes'] },
];

/** The main line's end points and the stopovers its trips may make (in Paris → Marseille order). */
export const MAIN_LINE = {
  from: 'Paris',
  to: 'Marseille',
  stopovers: ['Dijon', 'Lyon', 'Valence', 'Avignon'],
  /** Share of generated trips on the main line. */
  share: 0.3,
} as const;

/**
 * Pairs of cities that no trip serves together (either direction) on some days: `days` days in a row out
 * of every `every`, counted from the epoch, so a search of the pair meets gaps of several days.
 */
export const GAPS: readonly { cities: readonly [string, string]; every: number; days: number }[] = [
  { cities: ['Paris', 'Marseille'], every: 19, days: 4 },
  { cities: ['Lyon', 'Marseille'], every: 23, days: 5 },
  { cities: ['Bordeaux', 'Toulouse'], every: 17, days: 6 },
];
