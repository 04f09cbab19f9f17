import type { BookingFieldName, BookingRequest } from '../../booking/fields.js';

/** How the `book` command names each booking field: its flags (fields no flag sets keep the API's or the argument's name). */
const BOOK_FIELD_FLAGS: Readonly<Record<keyof BookingRequest, string>> = {
  from: '--from',
  to: '--to',
  date: '--date',
  formula: '--formula',
  motorcycleModels: '--motorcycle',
  motorcycles: '--motorcycles',
  riders: '--riders',
  returnDate: '--return',
  returnTrip: '--return-trip',
  name: '--name',
  email: '--email',
  phone: '--phone',
  comment: '--comment',
  priceMin: 'price_min',
  priceMax: 'price_max',
  routeId: 'ROUTE_ID',
  schedule: 'schedule',
  scheduled: 'scheduled',
};

/** The composer's messages in the command line's words: a field is named by its flag. */
export const bookFlag: BookingFieldName = (field) => BOOK_FIELD_FLAGS[field];
