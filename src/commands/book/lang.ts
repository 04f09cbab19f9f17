export { resolveBookingLang } from '../../booking/lang.js';
