// SPEC §3: the 48 amenity keys, in the spec's order.
export const AMENITY_KEYS = [
  'allergy_friendly', 'barbeque_facilities', 'bicycle_rental', 'boat_rental', 'broadband', 'canoe_rental',
  'charging_station_electric_car', 'cooking_facilities', 'cross_country_skiing', 'disable_suitable', 'dishwasher',
  'diving', 'dog_sledge', 'dogs_are_welcome', 'dogs_not_allowed', 'downhill_skiing', 'drying_cabinet', 'fishing',
  'football_ground', 'freezer', 'golf', 'hiking_trails', 'hunting', 'indoor_swimming_facilities', 'microwave_oven',
  'minigolf', 'mobile_telephone_coverage', 'no_smoking_indoors', 'open_fireplace', 'outdoor_furniture',
  'outdoor_place_terrace_etc', 'outdoor_swimming_facilities', 'outhouse_toilet', 'playground', 'pool', 'rafting',
  'refrigerator', 'riding', 'sauna', 'separate_bedrooms', 'shower', 'smoking_allowed', 'snowmobile_driving', 'tv',
  'temperate_bath', 'tennis', 'wc', 'washing_machine',
] as const;
export type AmenityKey = (typeof AMENITY_KEYS)[number];
