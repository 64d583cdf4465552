/** The customer area's read screens, loaded together as one chunk when the area is first opened. */
export { CustomerOnboarding } from './onboarding/CustomerOnboarding';
export { CustomerSearch } from './search/CustomerSearch';
export { CustomerShow } from './details/CustomerShow';
