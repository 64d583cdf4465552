import type { DataProvider } from 'react-admin';
import { VERBS, type VerbParams } from '../domain/resources/types';
import type { LiveCallback } from './live';
import { onSessionEnd } from '../api/sessionEnd';
import { searchAhead, searchList } from './search';
import { callApi, uploadForm } from '../api/client';
import { actingIo, runCommand, runVerb, searchAheadOf, type DataIo } from './routing';
import type { UserAction } from './userAction';
import { customerCalls, type CustomerCalls } from './customerCalls';
import { customerUserCalls, type CustomerUserCalls } from './customerUsers';
import { documentCalls, type DocumentCalls } from './documentCalls';
import { networkCalls, type NetworkCalls } from './networkCalls';
import { supplierCalls, type SupplierCalls } from './supplierCalls';
import { groupCalls, type GroupCalls } from './groupCalls';
import { registrationCalls, type RegistrationCalls } from './registrationCalls';
import { saviCalls, type SaviCalls } from './saviCalls';
import { fileValidationCalls, type FileValidationCalls } from './fileValidationCalls';
import { masterLoginCalls, type MasterLoginCalls } from './masterLoginCalls';
import { supportCalls, type SupportCalls } from './supportCalls';
import { processLogCalls, type ProcessLogCalls } from './processLogCalls';

/** Every verb and command, routed by the entity declarations (dataProvider/routing.ts). */
export type ConsoleDataProvider = DataProvider &
  CustomerCalls &
  CustomerUserCalls &
  DocumentCalls &
  NetworkCalls &
  SupplierCalls &
  GroupCalls &
  RegistrationCalls &
  SaviCalls &
  FileValidationCalls &
  MasterLoginCalls &
  SupportCalls &
  ProcessLogCalls & {
    /** A named verb beyond react-admin's: `command('customer', 'terminate', { id, version })`. */
    command<T = unknown>(resource: string, command: string, params: VerbParams): Promise<T>;
    /** The same calls, each write carrying `action`'s Idempotency-Key (dataProvider/userAction.ts). */
    acting(action: UserAction): ConsoleDataProvider;
    /** Sends getList of a searched entity now, once for each of `lists`, for a screen about to ask for them. */
    searchAhead(resource: string, lists: VerbParams[]): void;
  };

/**
 * The live client, loaded with the first subscription (the sign-in page needs none of it). One
 * promise for all, so subscriptions and unsubscriptions keep their order.
 */
let live: Promise<typeof import('./live')> | undefined;
const liveClient = () =>
  (live ??= import('./live').then((m) => {
    onSessionEnd(m.disconnectLive);
    return m;
  }));

export function createDataProvider(io: DataIo): ConsoleDataProvider {
  const verbs = Object.fromEntries(VERBS.map((verb) => [verb, (resource: string, params: VerbParams) => runVerb(io, resource, verb, params)]));
  return {
    ...(verbs as unknown as DataProvider),
    // react-admin's read hooks pass their query's signal: a newer read cancels the one under way.
    supportAbortSignal: true,
    ...customerCalls(io),
    ...customerUserCalls(io),
    ...documentCalls(io),
    ...networkCalls(io),
    ...supplierCalls(io),
    ...groupCalls(io),
    ...registrationCalls(io),
    ...saviCalls(io),
    ...fileValidationCalls(io),
    ...masterLoginCalls(io),
    ...supportCalls(io),
    ...processLogCalls(io),
    command: (resource, command, params) => runCommand(io, resource, command, params) as Promise<never>,
    acting: (action) => createDataProvider(actingIo(io, action)),
    searchAhead: (resource, lists) => searchAheadOf(io, resource, lists),
    /** Live updates of spec 1 §7 "read or watched live": one shared EventSource, topics such as
     * `leaseCompany:{id}`. */
    subscribe: async (topic: string, callback: LiveCallback) => {
      (await liveClient()).subscribe(topic, callback);
      return { data: null };
    },
    unsubscribe: async (topic: string, callback: LiveCallback) => {
      (await liveClient()).unsubscribe(topic, callback);
      return { data: null };
    },
  };
}

/** The browser's: RPC through callApi, lists through the search client. */
export const dataProvider = createDataProvider({
  call: (slug, options) => callApi(slug, options),
  search: (def, params) => searchList(def, params),
  searchAhead: (def, lists) => searchAhead(def, lists),
  upload: (slug, form, options) => uploadForm(slug, form, options),
});

export { callApi } from '../api/client';
