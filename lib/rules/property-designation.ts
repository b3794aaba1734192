// SPEC §5 "Property designation formats", by property type.
export type DesignationContext = { property_designation_type: 'HOUSE' | 'COTTAGE' | 'APARTMENT' | null; cottage_village: boolean };

const VILLAGE_LETTERS = /^[A-Za-zÅÄÖåäö]{1,2}$/;
const VILLAGE_CODE = /^[A-Za-zÅÄÖåäö0-9]{1,5}$/;
const APARTMENT = /^\d{4}$/;
// Municipality and tract name (one or more words each), then block:unit, e.g. "Norrtälje Rimbo 1:23".
const PROPERTY = /^[A-Za-zÅÄÖåäöÉéÜü-]+(?: [A-Za-zÅÄÖåäöÉéÜü-]+)+ \d{1,5}:\d{1,5}$/;

/** The i18n key of what is wrong with a designation, or null when it has the right format. */
export function propertyDesignationError(value: string, context: DesignationContext): string | null {
  const v = value.trim().replace(/\s+/g, ' ');
  if (context.cottage_village) {
    const letters = (v.match(/[A-Za-zÅÄÖåäö]/g) ?? []).length;
    const ok = VILLAGE_LETTERS.test(v) || (VILLAGE_CODE.test(v) && /\d/.test(v) && letters <= 2);
    return ok ? null : 'cottage.designationVillage';
  }
  if (context.property_designation_type === 'APARTMENT') {
    return APARTMENT.test(v) && v !== '0000' ? null : 'cottage.designationApartment';
  }
  return PROPERTY.test(v) ? null : 'cottage.designationProperty';
}
