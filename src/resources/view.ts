import type { ComponentType } from 'react';
import type { ResourceDecl } from '../../domain/resources/types';

/**
 * The React half of an entity's declaration (resources/<area>/index.ts): its icon and screens.
 * App renders one react-admin <Resource> per view, named by the declaration.
 */

/** One of the spec's screens under the entity's path: a child route of its <Resource>. */
export interface ScreenRoute {
  /** Under /{name}/, e.g. 'customer-search' or 'create-customer/:selectedCountry'; '' for /{name} itself. */
  path: string;
  /** The access action it needs (domain/resources/access.ts): 'list', 'show', 'create', 'edit'… */
  action: string;
  page: ComponentType;
}

export interface ResourceView {
  decl: ResourceDecl;
  icon: ComponentType<{ fontSize?: 'small' | 'medium' }>;
  /**
   * react-admin's own screens: list at /{name}, show at /{name}/:id/show, edit at /{name}/:id,
   * create at /{name}/create. A spec screen showing one of them names the same component.
   */
  list?: ComponentType;
  show?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  /** Where the spec's screens carry a record's id (useRecordId); react-admin's own routes carry it as :id. */
  recordId?: RecordIdKeys;
  /** The spec's screens, at the spec's paths. */
  routes?: readonly ScreenRoute[];
  /** Where /{name} and any unknown path under it go (spec: "any unknown path redirects to setup"). */
  home?: string;
  /**
   * Where an unknown path goes instead, when the area has no setup page of its own: another
   * area's, for those who may open it (`resource` show); others go home.
   */
  setup?: { resource: string; path: string };
}

/**
 * The spec navigates to a record's page with its id in navigation state (`{ leaseCompanyId }`),
 * and the address carries it in the query string too (?id=), so a reload or a shared link opens
 * the same record.
 */
export interface RecordIdKeys {
  /** The navigation state's key of the id. */
  state: string;
  /** The query string's key of the id; 'id' unless said. */
  query?: string;
  /** Further ids the record is read by (a supplier's group): sent as getOne's meta under these names. */
  meta?: Readonly<Record<string, { state: string; query: string }>>;
}

export function defineView(view: ResourceView): ResourceView {
  return view;
}
