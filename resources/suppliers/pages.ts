/** The supplier area's screens, loaded together when the area is first opened. */
export { SupplierOnboarding } from './onboarding/SupplierOnboarding';
export { SupplierSearch } from './search/SupplierSearch';
export { SupplierShow } from './details/SupplierShow';
