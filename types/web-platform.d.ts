/**
 * The web-platform APIs the domain may use: those that both the console's browsers and the server's
 * Node (20) provide, declared here for the domain's own type check (tsconfig.domain.json), which
 * has neither the DOM's types nor Node's. Anything else the domain needs comes in as a parameter.
 */
declare class URL {
  constructor(url: string, base?: string);
  readonly href: string;
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly host: string;
  readonly hostname: string;
  readonly pathname: string;
  readonly search: string;
}
declare function structuredClone<T>(value: T): T;
declare function atob(data: string): string;
