/** The group area's screens, loaded together when the area is first opened. */
export { GroupSearch } from './search/GroupSearch';
export { GroupShow } from './details/GroupShow';
