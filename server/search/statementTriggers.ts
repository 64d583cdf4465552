/**
 * The four statement-level triggers that keep a table derived from `t` (its counts, its narrow
 * copy, its vocabulary): each event hands the function the statement's changed rows as transition
 * tables, `new_rows` and `old_rows`, so a bulk write costs one statement of upkeep, not one per row.
 */
export function statementTriggers(t: string, kind: string, call: string): string[] {
  const on = (event: string, referencing: string) =>
    `CREATE TRIGGER "${t}_${kind}_${event.toLowerCase()}" AFTER ${event} ON "${t}"${referencing} FOR EACH STATEMENT EXECUTE FUNCTION ${call};`;
  return [
    on('INSERT', ' REFERENCING NEW TABLE AS new_rows'),
    on('UPDATE', ' REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows'),
    on('DELETE', ' REFERENCING OLD TABLE AS old_rows'),
    on('TRUNCATE', ''),
  ];
}
