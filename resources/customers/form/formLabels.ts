import { customerFieldLabel, type Country, type CustomerFieldPath } from '../../../domain/customers';

/** The visible label of a form path: the domain's field names, Postcode or Eircode by country. */
export const labelFor = (country: Country) => (path: CustomerFieldPath) => customerFieldLabel(path, country);
