/** The e-registration area's screens, loaded together when the area is first opened. */
export { RegistrationDashboard } from './RegistrationDashboard';
export { RegistrationSearch } from './search/RegistrationSearch';
export { RegistrationShow } from './details/RegistrationShow';
