import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Where to look: the whole page, or one region or dialog of it. */
type Scope = Pick<typeof screen, 'getByRole' | 'findByRole' | 'queryByRole' | 'getAllByRole'>;

/** A text input by its label, exactly (the required asterisk is not part of the name). */
export const box = (name: string | RegExp, scope: Scope = screen) => scope.getByRole('textbox', { name });

/** What is said under a field: the text of the elements its aria-describedby names ('' for nothing). */
export function messageOf(field: HTMLElement): string {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ').replace(/\s+/g, ' ').trim();
}

/** Replaces a text input's value as a person pasting it does (one input event: quicker than typing each key). */
export async function fill(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  if (text) await user.paste(text);
}

/** Picks an option of a select (a combobox) by the select's label. */
export async function choose(user: UserEvent, label: string | RegExp, option: string, scope: Scope = screen): Promise<void> {
  await user.click(scope.getByRole('combobox', { name: label }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

/** Presses a button by its accessible name. */
export async function press(user: UserEvent, name: string | RegExp, scope: Scope = screen): Promise<void> {
  await user.click(scope.getByRole('button', { name }));
}
