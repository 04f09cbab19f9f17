import type { McpTool } from '../tool.js';
import { draftBookingEmailTool } from './booking-email.js';
import { getBookingUrlTool } from './booking-url.js';
import { searchBatchTool } from './batch-search.js';
import { citiesNearTool } from './cities-near.js';
import { priceCalendarTool } from './price-calendar.js';
import { requestQuoteTool } from './request-quote.js';
import { routeDetailsTool } from './route-details.js';
import { searchRoutesTool } from './search-routes.js';

/** Every tool, in the order they are listed (the operator's connector's names where they do the same). */
export const TOOLS: readonly McpTool[] = [
  searchRoutesTool,
  citiesNearTool,
  priceCalendarTool,
  routeDetailsTool,
  getBookingUrlTool,
  requestQuoteTool,
  draftBookingEmailTool,
  searchBatchTool,
];
