import type { Guard } from '../permissions';

/**
 * The framework-free half of an entity's declaration (ARCHITECTURE "Entities are declared, not
 * wired"): its name, who may reach it, where its data comes from. The console's <Resource>, sidebar,
 * onboarding cards, route checks and dataProvider, and the server's search keys, all read it; the
 * screens are the React half in resources/<area>/index.ts.
 */

/** react-admin's data verbs. */
export const VERBS = ['getList', 'getOne', 'getMany', 'getManyReference', 'create', 'update', 'updateMany', 'delete', 'deleteMany'] as const;
export type Verb = (typeof VERBS)[number];

/** Parameters as react-admin passes them to a verb (loosely typed: domain/ does not import react-admin). */
export type VerbParams = Record<string, any>;

/** One RPC call to /api/v1/{slug}, and how react-admin's params and result map onto it. */
export interface SlugCall {
  slug: string;
  /** POST unless said; a GET sends the request as its query string. */
  method?: 'GET' | 'POST';
  /** The body from react-admin's params; by default the verb's own fields (filter, sort, pagination, id, ids, data). */
  request?(params: VerbParams): unknown;
  /** react-admin's result from the answer; by default the answer is already { data, total? }. */
  response?(answer: any, params: VerbParams): unknown;
  /**
   * The request carries react-admin's data under this key (customerDetails), so the server's field
   * errors name it first; they reach the form without it, as react-admin's server-side validation expects.
   */
  dataKey?: string;
}

/** A list served by the search endpoint (Typesense protocol, spec 1 §7). */
export interface SearchDecl {
  collection: string;
  /** Fields searched by free text, most important first (Typesense query_by). */
  queryBy: readonly string[];
  /** Sort when the screen asks for none (Typesense sort_by). */
  defaultSort?: string;
  /** Facets returned in meta.facets unless the screen names its own. */
  facets?: readonly string[];
  /** Who may search the collection (any one guard suffices); scoped search keys list only these. */
  guards: readonly Guard[];
}

/** The entity's sidebar entry (spec 1 §2 "Sidebar"). */
export interface MenuDecl {
  /** Where the entry leads. */
  path: string;
  /** In the Setup submenu. */
  setup?: boolean;
  /** What the entry needs beyond the route guard (SAVi and Support); null: nothing more. */
  guard: Guard | null;
}

/** A card of counts by status on Customer Onboarding (spec 1 §2), linking to the entity's area. */
export interface OnboardingCardDecl {
  title: string;
  figures: readonly { label: string; status: string }[];
  /** Text of the link to the entity's sidebar path, shown to those who may open it. */
  linkLabel: string;
}

/**
 * One action: the guards it needs, or those with the server slugs it stands for (whose own guards
 * must give the same answer for every role preset; a unit test holds them to it). A command of the
 * same name is one of its slugs without saying so.
 */
export type ActionDecl = readonly Guard[] | { readonly guards: readonly Guard[]; readonly slugs: readonly string[] };

export interface ResourceDecl {
  /** react-admin resource name; for an entity with screens, the spec's path segment ('customer' → /customer/*). */
  name: string;
  /** As the sidebar and headings name it. */
  label: string;
  /** Absent: no sidebar entry. */
  menu?: MenuDecl;
  /** What every screen of the entity needs (spec 1 §2 "Menu guard"); null: no check. */
  route: Guard | null;
  /**
   * What further actions need on top of the route guard: react-admin's create, edit, delete, the
   * entity's commands, and the gated controls of its screens. An action that is not listed is
   * denied (deny by default).
   */
  actions?: Readonly<Record<string, ActionDecl>>;
  /** getList through search. */
  search?: SearchDecl;
  /** The verbs served by slugs. getList falls back to search; getMany and getManyReference are derived when absent. */
  records?: Readonly<Partial<Record<Verb, SlugCall>>>;
  /** Named verbs beyond react-admin's (terminate, retry); each needs the action of the same name. */
  commands?: Readonly<Record<string, SlugCall>>;
  /** The live topic of one record (domain/live.ts), for screens that follow it. */
  live?(id: string): string;
  /** Its card on Customer Onboarding. */
  onboardingCard?: OnboardingCardDecl;
  /**
   * A sub-collection (a customer's users, documents, imports): the records of one `resource`
   * record, read with getManyReference by `target` (react-admin's ReferenceManyField).
   */
  parent?: { resource: string; target: string };
}

/** Declares an entity; the identity function keeps literal types and one place to document. */
export function defineResource<const R extends ResourceDecl>(decl: R): R {
  return decl;
}
