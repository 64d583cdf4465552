import { can, type Guard, type Roles } from './permissions';

/**
 * Live-update topics: what a console may subscribe to on `GET /api/v1/live?topics=…`, and which
 * permission each needs (any one guard suffices). A topic is `kind` or `kind:id`. Kinds not listed
 * here are refused (deny by default).
 */
export const LIVE_TOPICS = {
  /** One lease company (customer) record and the lists under it. */
  leaseCompany: { id: true, guards: [{ permission: 'customer', action: 'view' }] },
  /** One supplier (service unit) record and the lists under it. */
  supplier: { id: true, guards: [{ permission: 'supplier', action: 'view' }] },
  /** One supplier group record and the lists under it (documents, users, links, paybill). */
  group: { id: true, guards: [{ permission: 'group', action: 'view' }] },
  /** One network import (customer network or DI network); its status changes while it runs. */
  networkImport: { id: true, guards: [{ permission: 'manageNetwork', action: 'view' }] },
  /** The list of network imports of one customer (its id), or of the DI network (id 'di'). */
  networkImports: { id: true, guards: [{ permission: 'manageNetwork', action: 'view' }] },
  /** The list of network exports of one customer (its id), or of the DI network (id 'di'): each finishes in the background. */
  networkExports: { id: true, guards: [{ permission: 'manageNetwork', action: 'view' }] },
  /**
   * Messages sent to one supplier (service unit) about its enquiries, such as a cancellation from
   * the support dashboard: the supplier side's message queue follows it.
   */
  supplierMessages: { id: true, guards: [{ permission: 'supplier', action: 'view' }] },
  /**
   * One user's (its id) claims: the network apps' open sessions of that user re-read them when
   * support updates them.
   */
  userClaims: { id: true, guards: [{ permission: 'support', action: 'view' }] },
  /** The file validation reports list (spec 3: "Reports update live"). */
  fileValidation: { id: false, guards: [{ permission: 'fileValidation', action: 'view' }] },
  /**
   * The process logs (spec 3 §2.2): an entry of a running nightly job changed. Process logs have no
   * permission check, so any signed-in admin may follow them.
   */
  processLogs: { id: false, guards: 'signed-in' },
} as const satisfies Record<string, { id: boolean; guards: readonly Guard[] | 'signed-in' }>;

export type LiveTopicKind = keyof typeof LIVE_TOPICS;

/** What the server sends for each change. Payloads stay small: ids and versions, never records. */
export interface LiveMessage {
  topic: string;
  payload: LivePayload;
}
export interface LivePayload {
  /** What happened, e.g. 'insert', 'update', 'status'. */
  op?: string;
  id?: string;
  version?: number;
  [key: string]: unknown;
}

/** Most topics one stream may carry; a console page needs a handful. */
export const MAX_LIVE_TOPICS = 50;

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Splits a topic into kind and id; null when the kind is unknown or the id is missing or malformed. */
export function parseTopic(topic: string): { kind: LiveTopicKind; id?: string } | null {
  const at = topic.indexOf(':');
  const kind = at < 0 ? topic : topic.slice(0, at);
  const id = at < 0 ? undefined : topic.slice(at + 1);
  if (!Object.prototype.hasOwnProperty.call(LIVE_TOPICS, kind)) return null;
  const def = LIVE_TOPICS[kind as LiveTopicKind];
  if (def.id ? id === undefined || !ID.test(id) : id !== undefined) return null;
  return { kind: kind as LiveTopicKind, id };
}

/** True when the roles may receive this topic's messages. Unknown topics are never allowed. */
export function canSubscribe(roles: Roles | null | undefined, topic: string): boolean {
  const parsed = parseTopic(topic);
  if (!parsed) return false;
  const guards: readonly Guard[] | 'signed-in' = LIVE_TOPICS[parsed.kind].guards;
  if (guards === 'signed-in') return Boolean(roles);
  return guards.some((g) => can(roles, g.permission, g.action));
}

/** Topic names, built in one place so server and console spell them alike. */
export const topics = {
  leaseCompany: (id: string) => `leaseCompany:${id}`,
  supplier: (id: string) => `supplier:${id}`,
  group: (id: string) => `group:${id}`,
  networkImport: (id: string) => `networkImport:${id}`,
  /** A customer's imports, or the DI network's when leaseId is null. */
  networkImports: (leaseId: string | null) => `networkImports:${leaseId ?? 'di'}`,
  /** A customer's exports, or the DI network's when leaseId is null. */
  networkExports: (leaseId: string | null) => `networkExports:${leaseId ?? 'di'}`,
  fileValidation: () => 'fileValidation',
  supplierMessages: (supplierId: string) => `supplierMessages:${supplierId}`,
  userClaims: (userId: string) => `userClaims:${userId}`,
  processLogs: () => 'processLogs',
};
