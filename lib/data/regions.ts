// The 21 Swedish counties (län) offered in the position step, and the places of the location step.
export const REGIONS = [
  { id: 1, code: 'AB', name: 'Stockholms län' },
  { id: 2, code: 'C', name: 'Uppsala län' },
  { id: 3, code: 'D', name: 'Södermanlands län' },
  { id: 4, code: 'E', name: 'Östergötlands län' },
  { id: 5, code: 'F', name: 'Jönköpings län' },
  { id: 6, code: 'G', name: 'Kronobergs län' },
  { id: 7, code: 'H', name: 'Kalmar län' },
  { id: 8, code: 'I', name: 'Gotlands län' },
  { id: 9, code: 'K', name: 'Blekinge län' },
  { id: 10, code: 'M', name: 'Skåne län' },
  { id: 11, code: 'N', name: 'Hallands län' },
  { id: 12, code: 'O', name: 'Västra Götalands län' },
  { id: 13, code: 'S', name: 'Värmlands län' },
  { id: 14, code: 'T', name: 'Örebro län' },
  { id: 15, code: 'U', name: 'Västmanlands län' },
  { id: 16, code: 'W', name: 'Dalarnas län' },
  { id: 17, code: 'X', name: 'Gävleborgs län' },
  { id: 18, code: 'Y', name: 'Västernorrlands län' },
  { id: 19, code: 'Z', name: 'Jämtlands län' },
  { id: 20, code: 'AC', name: 'Västerbottens län' },
  { id: 21, code: 'BD', name: 'Norrbottens län' },
] as const;

const PLACES: Record<number, string[]> = {
  1: ['Stockholm', 'Norrtälje', 'Grisslehamn', 'Sandhamn', 'Vaxholm', 'Nynäshamn', 'Rimbo', 'Utö'],
  2: ['Uppsala', 'Östhammar', 'Öregrund', 'Enköping', 'Älvkarleby'],
  3: ['Nyköping', 'Trosa', 'Strängnäs', 'Mariefred', 'Katrineholm'],
  4: ['Linköping', 'Norrköping', 'Söderköping', 'Vadstena', 'Arkösund'],
  5: ['Jönköping', 'Gränna', 'Tranås', 'Värnamo', 'Vetlanda'],
  6: ['Växjö', 'Ljungby', 'Älmhult', 'Tingsryd', 'Markaryd'],
  7: ['Kalmar', 'Borgholm', 'Västervik', 'Oskarshamn', 'Löttorp'],
  8: ['Visby', 'Fårö', 'Ljugarn', 'Slite', 'Klintehamn'],
  9: ['Karlskrona', 'Karlshamn', 'Ronneby', 'Sölvesborg'],
  10: ['Malmö', 'Ystad', 'Båstad', 'Simrishamn', 'Höganäs', 'Skanör'],
  11: ['Halmstad', 'Varberg', 'Falkenberg', 'Tylösand', 'Kungsbacka'],
  12: ['Göteborg', 'Strömstad', 'Smögen', 'Lysekil', 'Marstrand', 'Tjörn', 'Orust'],
  13: ['Karlstad', 'Arvika', 'Torsby', 'Sunne', 'Hagfors'],
  14: ['Örebro', 'Nora', 'Askersund', 'Lindesberg'],
  15: ['Västerås', 'Sala', 'Köping', 'Arboga'],
  16: ['Falun', 'Mora', 'Sälen', 'Idre', 'Rättvik', 'Leksand', 'Tällberg'],
  17: ['Gävle', 'Hudiksvall', 'Söderhamn', 'Järvsö', 'Bollnäs'],
  18: ['Härnösand', 'Sundsvall', 'Örnsköldsvik', 'Höga kusten'],
  19: ['Östersund', 'Åre', 'Funäsdalen', 'Vemdalen', 'Bydalen'],
  20: ['Umeå', 'Skellefteå', 'Hemavan', 'Tärnaby', 'Lycksele'],
  21: ['Luleå', 'Kiruna', 'Abisko', 'Jokkmokk', 'Piteå', 'Haparanda'],
};

/** Places with stable ids: region id × 100 + position. */
export const CITIES = Object.entries(PLACES).flatMap(([region, names]) => names.map((name, index) => ({ id: Number(region) * 100 + index + 1, region_id: Number(region), name })));

export const REGION_IDS = REGIONS.map((r) => r.id);
export const CITY_IDS = new Set(CITIES.map((c) => c.id));
export const cityName = (id: number) => CITIES.find((c) => c.id === id)?.name ?? null;
