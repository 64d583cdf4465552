import type { Services } from '../services';
import type { SearchEngine } from './engine';

/** Each app's search engine and its answer cache, by the app's services (the guard, tests, operators). */
export const searchEngines = new WeakMap<Services, SearchEngine>();
